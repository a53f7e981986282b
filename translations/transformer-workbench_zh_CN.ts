<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>Check</name>
    <message>
        <source>Attention heads are neither dead nor uniform</source>
        <translation>注意力头既未死亡也不均匀</translation>
    </message>
    <message>
        <source>no attention measured</source>
        <translation>没有测到注意力</translation>
    </message>
    <message>
        <source>Skipped: no example with two or more visible keys.</source>
        <translation>已跳过：没有可见键不少于两个的样本。</translation>
    </message>
    <message>
        <source>%1 (dead: output dropped)</source>
        <translation>%1（死亡：输出被丢弃）</translation>
    </message>
    <message>
        <source>%1 (dead: stuck on one token)</source>
        <translation>%1（死亡：固定在一个词元上）</translation>
    </message>
    <message>
        <source>%1 (uniform)</source>
        <translation>%1（均匀）</translation>
    </message>
    <message>
        <source>mean %1; %2 dead, %3 uniform of %4 heads</source>
        <translation>平均 %1；%4 个头中 %2 个死亡、%3 个均匀</translation>
    </message>
    <message>
        <source>Entropy of each head&apos;s attention weights over the keys a query may see, divided by ln(number of those keys): 1 = spread evenly (uniform), 0 = all on one key.</source>
        <translation>每个头的注意力权重在查询可见的键上的熵，除以 ln(这些键的个数)：1 = 平均分布（均匀），0 = 全部集中在一个键上。</translation>
    </message>
    <message>
        <source> Informational only: a freshly initialised model&apos;s heads are near uniform anyway. Give a trained checkpoint (--checkpoint) to judge them.</source>
        <translation>仅供参考：刚初始化的模型的注意力头本来就接近均匀。请给出一个训练过的检查点（--checkpoint）来评判。</translation>
    </message>
    <message>
        <source> Dead heads (%1) attend to one position whatever the query, often a separator or &lt;/s&gt;, or their output is dropped: they add nothing.</source>
        <translation>死亡的头（%1）无论查询是什么都关注同一个位置（常常是分隔符或 &lt;/s&gt;），或其输出被丢弃：它们没有贡献。</translation>
    </message>
    <message>
        <source> Uniform heads (%1) average over everything: they did not learn where to look (too little training, or too many heads for the data).</source>
        <translation>均匀的头（%1）对所有位置取平均：它们没有学会该看哪里（训练太少，或对这些数据而言头太多）。</translation>
    </message>
    <message>
        <source> A few such heads are common; many suggest pruning heads or training longer.</source>
        <translation>少数这样的头很常见；如果很多，建议剪枝注意力头或训练更久。</translation>
    </message>
    <message>
        <source> Every head attends selectively without being stuck on one token.</source>
        <translation>每个头都有选择地关注，且没有固定在某一个词元上。</translation>
    </message>
    <message>
        <source>No peeking at future tokens</source>
        <translation>不偷看未来词元</translation>
    </message>
    <message>
        <source>no example with two target tokens</source>
        <translation>没有含两个目标词元的样本</translation>
    </message>
    <message>
        <source>Skipped: a leak shows only in a target of at least two tokens.</source>
        <translation>已跳过：泄漏只会在至少两个词元的目标中显现。</translation>
    </message>
    <message>
        <source>token %1 changed</source>
        <translation>改动第 %1 个词元</translation>
    </message>
    <message>
        <source>max change before it %1</source>
        <translation>其之前的最大变化 %1</translation>
    </message>
    <message>
        <source>max change %1 (before position %2)</source>
        <translation>最大变化 %1（位置 %2 之前）</translation>
    </message>
    <message>
        <source>Changing a later target token left the logits of every earlier position unchanged: the decoder predicts each token from the ones before it only.</source>
        <translation>改动靠后的目标词元没有改变任何更早位置的 logits：解码器只根据之前的词元预测每个词元。</translation>
    </message>
    <message>
        <source>Changing a later target token changed the predictions for earlier positions: the decoder sees future tokens, so in training it can copy the answer. Its training and validation loss look unrealistically good, yet generation (which has no future to see) fails. Usually a missing or wrong causal mask (model.causal, or a mask built for the wrong length or orientation).</source>
        <translation>改动靠后的目标词元改变了更早位置的预测：解码器看得到未来的词元，因此训练时能照抄答案。它的训练和验证损失好得不真实，而生成（没有未来可看）却会失败。通常是缺少或弄错了因果掩码（model.causal，或掩码的长度或方向不对）。</translation>
    </message>
    <message>
        <source>Sequence lengths</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>no training examples</source>
        <translation>没有训练样本</translation>
    </message>
    <message>
        <source>The training split has no usable examples: check the data files, and data.max_src_len / max_tgt_len against the lengths of the pairs.</source>
        <translation>训练集中没有可用的样本：请检查数据文件，以及 data.max_src_len / max_tgt_len 与句对长度是否相符。</translation>
    </message>
    <message>
        <source>%1 windows of up to %2 tokens</source>
        <translation>%1 个窗口，每个最多 %2 个词元</translation>
    </message>
    <message>
        <source>A language model reads its text as one token stream cut into windows of data.max_tgt_len tokens, so every window but the last is full.</source>
        <translation>语言模型把文本读成一条词元流，并切成 data.max_tgt_len 个词元的窗口，因此除最后一个外每个窗口都是满的。</translation>
    </message>
    <message>
        <source>target %1; source %2</source>
        <translation>目标 %1；源 %2</translation>
    </message>
    <message>
        <source>training pairs</source>
        <translation>训练句对</translation>
    </message>
    <message>
        <source>target tokens (with &lt;/s&gt;)</source>
        <translation>目标词元数（含 &lt;/s&gt;）</translation>
    </message>
    <message>
        <source>source tokens (with &lt;/s&gt;)</source>
        <translation>源词元数（含 &lt;/s&gt;）</translation>
    </message>
    <message>
        <source>data.max_tgt_len</source>
        <translation>data.max_tgt_len</translation>
    </message>
    <message>
        <source>data.max_src_len</source>
        <translation>data.max_src_len</translation>
    </message>
    <message>
        <source>Token counts of the training pairs after tokenization (percentiles). Long tails cost memory and padding; lengths far above the limits mean pairs are dropped (see the next check).</source>
        <translation>分词后训练句对的词元数（百分位数）。长尾会耗费内存和填充；远超限制的长度意味着句对会被丢弃（见下一项检查）。</translation>
    </message>
    <message>
        <source>Training pairs dropped as too long</source>
        <translation>因过长而丢弃的训练句对</translation>
    </message>
    <message>
        <source>%1 of %2 (%3)</source>
        <translation>%2 中的 %1（%3）</translation>
    </message>
    <message>
        <source>dropped as too long</source>
        <translation>因过长丢弃</translation>
    </message>
    <message>
        <source>dropped as empty</source>
        <translation>因为空丢弃</translation>
    </message>
    <message>
        <source>valid examples truncated</source>
        <translation>被截断的验证样本</translation>
    </message>
    <message>
        <source>test examples truncated</source>
        <translation>被截断的测试样本</translation>
    </message>
    <message>
        <source>warn above</source>
        <translation>警告阈值</translation>
    </message>
    <message>
        <source>A language model&apos;s text is cut into windows; nothing is dropped.</source>
        <translation>语言模型的文本被切成窗口；没有任何内容被丢弃。</translation>
    </message>
    <message>
        <source>Many training pairs are longer than data.max_src_len (%1) or data.max_tgt_len (%2) tokens and are skipped: the model never learns long inputs, and validation or test examples of that length are truncated. Raise the limits or use a larger subword vocabulary (shorter sequences).</source>
        <translation>许多训练句对长于 data.max_src_len（%1）或 data.max_tgt_len（%2）个词元而被跳过：模型学不到长输入，这种长度的验证或测试样本会被截断。请提高限制，或使用更大的子词词表（序列更短）。</translation>
    </message>
    <message>
        <source>Few or no training pairs exceed the length limits.</source>
        <translation>很少或没有训练句对超过长度限制。</translation>
    </message>
    <message>
        <source>Unknown tokens</source>
        <translation>未知词元</translation>
    </message>
    <message>
        <source>validation %1, training %2</source>
        <translation>验证 %1，训练 %2</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%2 中的 %1</translation>
    </message>
    <message>
        <source>validation &lt;unk&gt;</source>
        <translation>验证集 &lt;unk&gt;</translation>
    </message>
    <message>
        <source>training &lt;unk&gt;</source>
        <translation>训练集 &lt;unk&gt;</translation>
    </message>
    <message>
        <source>written &lt;unk&gt; in the text</source>
        <translation>文本中写明的 &lt;unk&gt;</translation>
    </message>
    <message>
        <source>The corpus itself writes rare words as &lt;unk&gt; (as the standard Penn Treebank does), and the vocabulary covers every other word. Published perplexities count &lt;unk&gt; as a word too, so figures stay comparable.</source>
        <translation>语料本身把罕见词写作 &lt;unk&gt;（标准 Penn Treebank 就是这样），词表覆盖了其余所有词。已发表的困惑度同样把 &lt;unk&gt; 算作一个词，因此数字仍可比较。</translation>
    </message>
    <message>
        <source>Many tokens are &lt;unk&gt;: the vocabulary does not cover the text. The model learns to predict &lt;unk&gt; (an easy, useless target that flatters the loss) and cannot write those words. Use a subword tokenizer, a larger tokenizer.vocab_size, or a lower tokenizer.min_freq.</source>
        <translation>许多词元是 &lt;unk&gt;：词表没有覆盖文本。模型会学着预测 &lt;unk&gt;（一个容易却无用、让损失显得好看的目标），也写不出那些词。请使用子词分词器、更大的 tokenizer.vocab_size，或更低的 tokenizer.min_freq。</translation>
    </message>
    <message>
        <source>The vocabulary covers the text: few or no tokens are &lt;unk&gt;.</source>
        <translation>词表覆盖了文本：很少或没有词元是 &lt;unk&gt;。</translation>
    </message>
    <message>
        <source>Validation and test examples not in training</source>
        <translation>验证和测试样本不在训练集中</translation>
    </message>
    <message>
        <source>lines compared</source>
        <translation>比较的行</translation>
    </message>
    <message>
        <source>of at least %1 words</source>
        <translation>至少 %1 个词</translation>
    </message>
    <message>
        <source>no validation or test split</source>
        <translation>没有验证集或测试集</translation>
    </message>
    <message>
        <source>Lines of the validation and test splits that occur word for word in the training split.</source>
        <translation>验证集和测试集中与训练集逐字相同的行。</translation>
    </message>
    <message>
        <source>Pairs of the validation and test splits that occur word for word in the training split.</source>
        <translation>验证集和测试集中与训练集逐字相同的句对。</translation>
    </message>
    <message>
        <source> The model has seen these answers in training, so the scores on them measure memory, not generalisation, and look better than they are. Remove them from train (or from the held-out split).</source>
        <translation>模型在训练中见过这些答案，所以在它们上的得分衡量的是记忆而非泛化，看起来比实际好。请把它们从训练集（或留出集）中删去。</translation>
    </message>
    <message>
        <source> Few or none: held-out scores measure generalisation.</source>
        <translation>很少或没有：留出集上的得分衡量的是泛化。</translation>
    </message>
    <message>
        <source>Gradient norms per layer</source>
        <translation>各层梯度范数</translation>
    </message>
    <message>
        <source>median %1, range %2 .. %3</source>
        <translation>中位数 %1，范围 %2 .. %3</translation>
    </message>
    <message>
        <source>rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>fail: not finite, or %1x from the median; warn: %2x</source>
        <translation>失败：非有限值，或偏离中位数 %1 倍；警告：%2 倍</translation>
    </message>
    <message>
        <source>One backward pass on a training batch; the L2 norm of the gradient of each part of the model, compared with the median part.</source>
        <translation>在一个训练批次上做一次反向传播；计算模型每个部分梯度的 L2 范数，并与中位数部分比较。</translation>
    </message>
    <message>
        <source>not finite in %1</source>
        <translation>%1 中出现非有限值</translation>
    </message>
    <message>
        <source> Some gradients are NaN or infinite: the loss overflowed (weights or learning rate far too large, fp16 without loss scaling, log of zero).</source>
        <translation>部分梯度为 NaN 或无穷大：损失溢出了（权重或学习率过大、fp16 未做损失缩放、对零取对数）。</translation>
    </message>
    <message>
        <source> No gradient reaches the model: the loss does not depend on the parameters (detached tensors, or every target is padding).</source>
        <translation>没有梯度到达模型：损失不依赖于参数（张量被分离，或所有目标都是填充）。</translation>
    </message>
    <message>
        <source>; %1 %2x below</source>
        <translation>；%1 低 %2 倍</translation>
    </message>
    <message>
        <source> A part gets almost no gradient (vanishing): it will barely learn. Usually a deep post-LN stack, a layer cut off from the loss, or weights far too small (or others far too large).</source>
        <translation>某个部分几乎得不到梯度（梯度消失）：它几乎学不到东西。通常是很深的后置归一化堆叠、某层与损失断开，或权重过小（或其他部分过大）。</translation>
    </message>
    <message>
        <source>; %1 %2x above</source>
        <translation>；%1 高 %2 倍</translation>
    </message>
    <message>
        <source> A part gets far more gradient than the rest (exploding): training will be unstable. Usually weights initialised far too large, a missing normalisation, or post-LN without warm-up.</source>
        <translation>某个部分得到的梯度远多于其他部分（梯度爆炸）：训练会不稳定。通常是权重初始化过大、缺少归一化，或后置归一化却没有预热。</translation>
    </message>
    <message>
        <source> Every part is within %1x of the median: gradients reach all layers at a similar scale.</source>
        <translation>每个部分都在中位数的 %1 倍以内：梯度以相近的量级到达所有层。</translation>
    </message>
    <message>
        <source>Initial loss is about ln(vocabulary)</source>
        <translation>初始损失约为 ln(词表大小)</translation>
    </message>
    <message>
        <source>no training batches</source>
        <translation>没有训练批次</translation>
    </message>
    <message>
        <source>Skipped: the training split has no examples to score.</source>
        <translation>已跳过：训练集中没有可评分的样本。</translation>
    </message>
    <message>
        <source>loss %1 vs ln(%2) = %3</source>
        <translation>损失 %1，对比 ln(%2) = %3</translation>
    </message>
    <message>
        <source>initial loss (nats per token)</source>
        <translation>初始损失（每词元 nat）</translation>
    </message>
    <message>
        <source>ln(target vocabulary)</source>
        <translation>ln(目标词表大小)</translation>
    </message>
    <message>
        <source>difference</source>
        <translation>差值</translation>
    </message>
    <message>
        <source>allowed above ln(V)</source>
        <translation>允许高于 ln(V)</translation>
    </message>
    <message>
        <source>batches</source>
        <translation>批次数</translation>
    </message>
    <message>
        <source>The untrained model is far better than a uniform guess. That usually means the target leaks into the input (a decoder that sees the token it predicts, or targets not shifted by one).</source>
        <translation>未训练的模型远好于均匀猜测。这通常意味着目标泄漏进了输入（解码器看得到它要预测的词元，或目标没有右移一位）。</translation>
    </message>
    <message>
        <source>The untrained model is confidently wrong: its logits are far too large. That usually means the weights are not initialised (or scaled too large), the embeddings are scaled twice, or the output projection is not normalised.</source>
        <translation>未训练的模型自信地犯错：它的 logits 太大了。这通常意味着权重没有初始化（或缩放过大）、嵌入被缩放了两次，或输出投影没有归一化。</translation>
    </message>
    <message>
        <source>Overfits one small batch</source>
        <translation>能过拟合一个小批次</translation>
    </message>
    <message>
        <source>no steps</source>
        <translation>没有步数</translation>
    </message>
    <message>
        <source>Skipped: there is nothing to overfit.</source>
        <translation>已跳过：没有可以过拟合的内容。</translation>
    </message>
    <message>
        <source>loss %1 -&gt; %2 after %3 steps</source>
        <translation>损失 %1 -&gt; %2，共 %3 步</translation>
    </message>
    <message>
        <source>examples</source>
        <translation>样本数</translation>
    </message>
    <message>
        <source>target tokens</source>
        <translation>目标词元数</translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>first loss</source>
        <translation>初始损失</translation>
    </message>
    <message>
        <source>loss reached</source>
        <translation>达到的损失</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>threshold</source>
        <translation>阈值</translation>
    </message>
    <message>
        <source>Trained on %1 examples only, at learning rate %2, until the loss fell below %3 or %4 steps. The model memorised them: it can learn, and the loss, the gradients and the optimizer are wired up.</source>
        <translation>只在 %1 个样本上以学习率 %2 训练，直到损失低于 %3 或满 %4 步。模型记住了它们：它能学习，损失、梯度和优化器都连接正确。</translation>
    </message>
    <message>
        <source>Trained on %1 examples only, at learning rate %2, until the loss fell below %3 or %4 steps. Cancelled before it finished.</source>
        <translation>只在 %1 个样本上以学习率 %2 训练，直到损失低于 %3 或满 %4 步。在完成前被取消。</translation>
    </message>
    <message>
        <source>Trained on %1 examples only, at learning rate %2, until the loss fell below %3 or %4 steps. The loss became NaN or infinite: the learning rate is far too high (or warm-up missing), or the model is numerically unstable.</source>
        <translation>只在 %1 个样本上以学习率 %2 训练，直到损失低于 %3 或满 %4 步。损失变成了 NaN 或无穷大：学习率过高（或缺少预热），或者模型数值不稳定。</translation>
    </message>
    <message>
        <source>Trained on %1 examples only, at learning rate %2, until the loss fell below %3 or %4 steps. The loss barely moved: the learning rate is far too low, gradients do not reach the weights, or the targets do not depend on the inputs.</source>
        <translation>只在 %1 个样本上以学习率 %2 训练，直到损失低于 %3 或满 %4 步。损失几乎没动：学习率过低、梯度到不了权重，或目标与输入无关。</translation>
    </message>
    <message>
        <source>Trained on %1 examples only, at learning rate %2, until the loss fell below %3 or %4 steps. The loss fell but not near zero: the learning rate may be too high (it bounces) or too low (it crawls), or the model is too small; more --overfit-steps tells which.</source>
        <translation>只在 %1 个样本上以学习率 %2 训练，直到损失低于 %3 或满 %4 步。损失下降了但没接近零：学习率可能过高（来回震荡）或过低（下降缓慢），或者模型太小；增加 --overfit-steps 可以分辨是哪种。</translation>
    </message>
    <message>
        <source>could not run</source>
        <translation>无法运行</translation>
    </message>
    <message>
        <source>test in train</source>
        <translation>测试集出现在训练集中</translation>
    </message>
    <message>
        <source>test %1</source>
        <translation>测试集 %1</translation>
    </message>
    <message>
        <source>valid in train</source>
        <translation>验证集出现在训练集中</translation>
    </message>
    <message>
        <source>valid %1</source>
        <translation>验证集 %1</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source> also in train</source>
        <translation> 也在训练集中</translation>
    </message>
    <message>
        <source>The untrained model starts %1 nats above ln(vocabulary), more than a uniform guess&apos;s %2 allows, because the embeddings are tied: the output layer is the embedding table, so the logit of the token just read is about d × σ = %3 while the others are near 0, and the model confidently predicts that the input repeats. With a large vocabulary this is small next to ln(V); with %4 tokens it dominates. The first training steps remove it. Untied output weights (model.tie_embeddings false) start at ln(V).</source>
        <translation>未训练的模型起始损失比 ln(词表大小) 高 %1 nat，超出了均匀猜测所允许的 %2，原因是嵌入是共享（绑定）的：输出层就是嵌入表，因此刚读入的词元的 logit 约为 d × σ = %3，其余接近 0，模型会很有把握地预测输入会重复。词表很大时这点偏差相对 ln(V) 很小；只有 %4 个词元时它占了主导。最初几步训练就会消除它。不绑定的输出权重（model.tie_embeddings 设为 false）从 ln(V) 起步。</translation>
    </message>
    <message>
        <source>The untrained model&apos;s loss on a few training batches is close to ln(vocabulary), the loss of a uniform guess (allowed: %1 nats either side): it starts unsure of every token, as it should.</source>
        <translation>未训练模型在几个训练批次上的损失接近 ln(词表大小)，即均匀猜测的损失（允许上下各 %1 nat）：它一开始对每个词元都没有把握，这正是应有的状态。</translation>
    </message>
    <message>
        <source>Precision suits the device</source>
        <translation>精度与设备相符</translation>
    </message>
    <message>
        <source>train.precision</source>
        <translation>train.precision</translation>
    </message>
    <message>
        <source>computes in</source>
        <translation>实际计算精度</translation>
    </message>
    <message>
        <source>native bf16</source>
        <translation>原生 bf16</translation>
    </message>
    <message>
        <source>Matrix products run in a precision this device computes natively (auto takes bf16 only where the hardware has it: GPUs from Ampere on, CPUs with AVX-512 BF16 or AMX).</source>
        <translation>矩阵乘法使用本设备原生支持的精度（auto 仅在硬件支持时选择 bf16：Ampere 及更新的 GPU、带 AVX-512 BF16 或 AMX 的 CPU）。</translation>
    </message>
    <message>
        <source>bf16 product time / fp32</source>
        <translation>bf16 乘法耗时 / fp32</translation>
    </message>
    <message>
        <source>bf16 %1× slower than fp32 here</source>
        <translation>在此设备上 bf16 比 fp32 慢 %1 倍</translation>
    </message>
    <message>
        <source>This GPU has no native bf16 (compute capability below 8.0): bf16 products measured %1× the time of fp32 ones. Use train.precision auto (fp32 here) or fp16.</source>
        <translation>这块 GPU 没有原生 bf16（计算能力低于 8.0）：实测 bf16 乘法耗时是 fp32 的 %1 倍。请使用 train.precision auto（在这里即 fp32）或 fp16。</translation>
    </message>
    <message>
        <source>This CPU has no native bf16 (AVX-512 BF16 or AMX), so every bf16 product is converted element by element: measured %1× the time of an fp32 product of this model&apos;s width. Use train.precision auto (fp32 here) or fp32.</source>
        <translation>这颗 CPU 没有原生 bf16（AVX-512 BF16 或 AMX），每次 bf16 乘法都要逐元素转换：按本模型宽度实测，耗时是 fp32 乘法的 %1 倍。请使用 train.precision auto（在这里即 fp32）或 fp32。</translation>
    </message>
</context>
<context>
    <name>ComparisonTable</name>
    <message>
        <source>setting</source>
        <translation>设置项</translation>
    </message>
    <message>
        <source>metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source> (best)</source>
        <translation>（最佳）</translation>
    </message>
    <message>
        <source> best at step</source>
        <translation> 最佳所在步</translation>
    </message>
    <message>
        <source> (last)</source>
        <translation>（最后）</translation>
    </message>
    <message>
        <source> (min)</source>
        <translation>（最小）</translation>
    </message>
    <message>
        <source> (max)</source>
        <translation>（最大）</translation>
    </message>
    <message>
        <source>task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>state</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>target tokens seen</source>
        <translation>已见目标词元数</translation>
    </message>
    <message>
        <source>training time</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>valid loss</source>
        <translation>验证损失</translation>
    </message>
    <message>
        <source>valid perplexity</source>
        <translation>验证困惑度</translation>
    </message>
    <message>
        <source>valid accuracy</source>
        <translation>验证准确率</translation>
    </message>
    <message>
        <source>evaluated</source>
        <translation>评估所用</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>log-probability</source>
        <translation>对数概率</translation>
    </message>
    <message>
        <source>normalized score</source>
        <translation>归一化得分</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>词元数</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒数</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>参考</translation>
    </message>
</context>
<context>
    <name>ConfigChoice</name>
    <message>
        <source>translation</source>
        <translation>翻译 (translation)</translation>
    </message>
    <message>
        <source>summarization</source>
        <translation>摘要 (summarization)</translation>
    </message>
    <message>
        <source>lm</source>
        <translation>语言模型 (lm)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无 (none)</translation>
    </message>
    <message>
        <source>reverse</source>
        <translation>反转 (reverse)</translation>
    </message>
    <message>
        <source>sentencepiece</source>
        <translation>子词 SentencePiece (sentencepiece)</translation>
    </message>
    <message>
        <source>word</source>
        <translation>按词 (word)</translation>
    </message>
    <message>
        <source>bpe</source>
        <translation>字节对编码 (bpe)</translation>
    </message>
    <message>
        <source>unigram</source>
        <translation>一元语言模型 (unigram)</translation>
    </message>
    <message>
        <source>pre</source>
        <translation>前置归一化 (pre)</translation>
    </message>
    <message>
        <source>post</source>
        <translation>后置归一化 (post)</translation>
    </message>
    <message>
        <source>sinusoidal</source>
        <translation>正弦 (sinusoidal)</translation>
    </message>
    <message>
        <source>learned</source>
        <translation>可学习 (learned)</translation>
    </message>
    <message>
        <source>relu</source>
        <translation>relu</translation>
    </message>
    <message>
        <source>gelu</source>
        <translation>gelu</translation>
    </message>
    <message>
        <source>adam</source>
        <translation>adam</translation>
    </message>
    <message>
        <source>adamw</source>
        <translation>adamw</translation>
    </message>
    <message>
        <source>noam</source>
        <translation>Noam 预热衰减 (noam)</translation>
    </message>
    <message>
        <source>inverse_sqrt</source>
        <translation>平方根倒数衰减 (inverse_sqrt)</translation>
    </message>
    <message>
        <source>cosine</source>
        <translation>余弦 (cosine)</translation>
    </message>
    <message>
        <source>constant</source>
        <translation>恒定 (constant)</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动 (auto)</translation>
    </message>
    <message>
        <source>cpu</source>
        <translation>cpu</translation>
    </message>
    <message>
        <source>cuda</source>
        <translation>cuda</translation>
    </message>
    <message>
        <source>fp32</source>
        <translation>单精度 (fp32)</translation>
    </message>
    <message>
        <source>bf16</source>
        <translation>脑浮点 bfloat16 (bf16)</translation>
    </message>
    <message>
        <source>fp16</source>
        <translation>半精度 (fp16)</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>验证损失 (loss)</translation>
    </message>
    <message>
        <source>bleu</source>
        <translation>验证 BLEU (bleu)</translation>
    </message>
    <message>
        <source>rouge_l</source>
        <translation>验证 ROUGE-L (rouge_l)</translation>
    </message>
    <message>
        <source>rope</source>
        <translation>旋转位置编码 (rope)</translation>
    </message>
    <message>
        <source>alibi</source>
        <translation>线性偏置 (alibi)</translation>
    </message>
    <message>
        <source>swiglu</source>
        <translation>swiglu</translation>
    </message>
    <message>
        <source>geglu</source>
        <translation>geglu</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>层归一化 LayerNorm (layer)</translation>
    </message>
    <message>
        <source>rms</source>
        <translation>均方根归一化 RMSNorm (rms)</translation>
    </message>
    <message>
        <source>xavier</source>
        <translation>Xavier 初始化 (xavier)</translation>
    </message>
    <message>
        <source>scaled</source>
        <translation>按深度缩放 (scaled)</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部参数 (all)</translation>
    </message>
    <message>
        <source>matrices</source>
        <translation>仅矩阵 (matrices)</translation>
    </message>
</context>
<context>
    <name>ConfigField</name>
    <message>
        <source>A short name for the experiment; run folders start with it.</source>
        <translation>实验的简称；运行文件夹以它开头。</translation>
    </message>
    <message>
        <source>What the experiment is for and what to look at; shown above the form.</source>
        <translation>实验的目的及需要关注的内容；显示在表单上方。</translation>
    </message>
    <message>
        <source>translation and summarization train an encoder-decoder on aligned source/target lines; lm trains a decoder-only causal language model on plain text.</source>
        <translation>translation 和 summarization 在对齐的源/目标行上训练编码器-解码器；lm 在纯文本上训练仅解码器的因果语言模型。</translation>
    </message>
    <message>
        <source>Folder that relative data paths are resolved against (empty: the working directory).</source>
        <translation>解析相对数据路径时所依据的文件夹（留空：工作目录）。</translation>
    </message>
    <message>
        <source>Generate a built-in task instead of reading files. reverse: random word sequences to be written back to front; learns in minutes.</source>
        <translation>生成内置任务，而不读取文件。reverse：把随机词序列倒序写出；几分钟即可学会。</translation>
    </message>
    <message>
        <source>Training source text. One segment per line, aligned line by line with its partner; plain or .gz.</source>
        <translation>训练源文本。每行一个片段，与对应文件逐行对齐；纯文本或 .gz。</translation>
    </message>
    <message>
        <source>Training target text. One segment per line, aligned line by line with its partner; plain or .gz.</source>
        <translation>训练目标文本。每行一个片段，与对应文件逐行对齐；纯文本或 .gz。</translation>
    </message>
    <message>
        <source>Validation source text, used for validation loss and early stopping.</source>
        <translation>验证源文本，用于计算验证损失和早停。</translation>
    </message>
    <message>
        <source>Validation target text.</source>
        <translation>验证目标文本。</translation>
    </message>
    <message>
        <source>Test source text (optional), for the final evaluation.</source>
        <translation>测试源文本（可选），用于最终评估。</translation>
    </message>
    <message>
        <source>Test target text (optional).</source>
        <translation>测试目标文本（可选）。</translation>
    </message>
    <message>
        <source>Language modelling: training text, plain or .gz; lines are joined with an end-of-sentence token and cut into windows.</source>
        <translation>语言建模：训练文本，纯文本或 .gz；各行以句末词元连接后切分为窗口。</translation>
    </message>
    <message>
        <source>Language modelling: validation text.</source>
        <translation>语言建模：验证文本。</translation>
    </message>
    <message>
        <source>Language modelling: test text (optional).</source>
        <translation>语言建模：测试文本（可选）。</translation>
    </message>
    <message>
        <source>Longest source in tokens; longer training pairs are skipped and counted in the log.</source>
        <translation>源序列的最大词元数；更长的训练句对会被跳过，并在日志中计数。</translation>
    </message>
    <message>
        <source>Longest target in tokens; for lm the length of each training window.</source>
        <translation>目标序列的最大词元数；对于 lm，即每个训练窗口的长度。</translation>
    </message>
    <message>
        <source>sentencepiece learns subword units from the training data (no unknown words); word splits on spaces and keeps a fixed vocabulary.</source>
        <translation>sentencepiece 从训练数据中学习子词单元（没有未知词）；word 按空格切分，并使用固定词表。</translation>
    </message>
    <message>
        <source>bpe merges the most frequent symbol pairs; unigram keeps the pieces that best explain the text under a unigram language model.</source>
        <translation>bpe 合并出现最频繁的符号对；unigram 保留在一元语言模型下最能解释文本的子词。</translation>
    </message>
    <message>
        <source>Number of subword pieces (word-level: largest vocabulary, 0 = no cap). Small corpora want small vocabularies (Multi30k: 8000 shared).</source>
        <translation>子词片段数（词级：词表上限，0 = 不设上限）。小语料适合小词表（Multi30k：共享 8000）。</translation>
    </message>
    <message>
        <source>One vocabulary for source and target; required for tied embeddings across encoder and decoder.</source>
        <translation>源和目标使用同一个词表；在编码器与解码器之间绑定嵌入时必须启用。</translation>
    </message>
    <message>
        <source>Lowercase all text before tokenizing.</source>
        <translation>分词前将所有文本转为小写。</translation>
    </message>
    <message>
        <source>An existing sentencepiece .model file to use instead of training one.</source>
        <translation>使用已有的 sentencepiece .model 文件，而不重新训练。</translation>
    </message>
    <message>
        <source>Word-level: words seen fewer times become &lt;unk&gt;.</source>
        <translation>词级：出现次数少于此值的词变为 &lt;unk&gt;。</translation>
    </message>
    <message>
        <source>Width of every token representation. Embeddings are scaled by sqrt(d_model) before positions are added.</source>
        <translation>每个词元表示的宽度。嵌入在加上位置编码之前乘以 sqrt(d_model)。</translation>
    </message>
    <message>
        <source>Attention heads per layer; each head attends in d_model/heads dimensions: softmax(QK^T/sqrt(d_head))V.</source>
        <translation>每层的注意力头数；每个头在 d_model/heads 维中计算注意力：softmax(QK^T/sqrt(d_head))V。</translation>
    </message>
    <message>
        <source>Encoder layers (self-attention + feed-forward); unused for lm.</source>
        <translation>编码器层数（自注意力 + 前馈）；lm 不使用。</translation>
    </message>
    <message>
        <source>Decoder layers (masked self-attention, cross-attention, feed-forward); for lm the depth of the model.</source>
        <translation>解码器层数（掩码自注意力、交叉注意力、前馈）；对于 lm 即模型深度。</translation>
    </message>
    <message>
        <source>Hidden width of the feed-forward block: W2 act(W1 x), usually 4 x d_model.</source>
        <translation>前馈块的隐藏宽度：W2 act(W1 x)，通常为 4 x d_model。</translation>
    </message>
    <message>
        <source>Probability of zeroing an activation on the residual branches and embeddings during training.</source>
        <translation>训练时在残差分支和嵌入上将激活值置零的概率。</translation>
    </message>
    <message>
        <source>Dropout on the attention weights.</source>
        <translation>注意力权重上的丢弃率。</translation>
    </message>
    <message>
        <source>pre: x + F(LN(x)), trains stably without long warmup; post (the original paper): LN(x + F(x)), needs warmup and often diverges.</source>
        <translation>pre：x + F(LN(x))，无需长时间预热即可稳定训练；post（原论文）：LN(x + F(x))，需要预热，且经常发散。</translation>
    </message>
    <message>
        <source>Use the embedding matrix as the output projection (fewer parameters, usually better on small data).</source>
        <translation>将嵌入矩阵用作输出投影（参数更少，在小数据上通常效果更好）。</translation>
    </message>
    <message>
        <source>Longest sequence the position table covers.</source>
        <translation>位置表所覆盖的最长序列。</translation>
    </message>
    <message>
        <source>Decoder self-attention sees only earlier tokens. Off makes a bidirectional LM, for demonstrating the leak: it peeks at the token it should predict, so its validation loss is unrealistically good.</source>
        <translation>解码器自注意力只能看到之前的词元。关闭后成为双向语言模型，用于演示信息泄漏：它会偷看本应预测的词元，因此验证损失好得不真实。</translation>
    </message>
    <message>
        <source>adam adds weight decay to the gradient; adamw decays the weights directly (decoupled), which regularises more predictably.</source>
        <translation>adam 将权重衰减加到梯度上；adamw 直接衰减权重（解耦），正则化效果更可预测。</translation>
    </message>
    <message>
        <source>Peak learning rate reached at the end of warmup (ignored by noam, which uses noam_factor).</source>
        <translation>预热结束时达到的峰值学习率（noam 忽略此项，改用 noam_factor）。</translation>
    </message>
    <message>
        <source>Adam&apos;s decay rates for the gradient mean and its square (beta1, beta2); Transformers usually use 0.9, 0.98.</source>
        <translation>Adam 对梯度均值及其平方的衰减率（beta1, beta2）；Transformer 通常取 0.9, 0.98。</translation>
    </message>
    <message>
        <source>Adam&apos;s epsilon, added to the denominator for stability.</source>
        <translation>Adam 的 epsilon，加到分母上以保证数值稳定。</translation>
    </message>
    <message>
        <source>L2 penalty (adam) or decoupled decay per step (adamw).</source>
        <translation>L2 惩罚（adam）或每步的解耦衰减（adamw）。</translation>
    </message>
    <message>
        <source>noam: factor*d^-0.5*min(s^-0.5, s*w^-1.5); inverse_sqrt: linear warmup to lr, then lr*sqrt(w/s); cosine: warmup, then half a cosine to 0 at max steps (without them: when max minutes run out); constant: warmup, then lr.</source>
        <translation>noam：factor*d^-0.5*min(s^-0.5, s*w^-1.5)；inverse_sqrt：线性预热到 lr，之后为 lr*sqrt(w/s)；cosine：预热后按半个余弦周期在最大步数处降到 0（未设最大步数时：在最大分钟数用完时）；constant：预热后保持 lr。</translation>
    </message>
    <message>
        <source>Steps over which the learning rate rises linearly from 0; post-LN needs this to converge.</source>
        <translation>学习率从 0 线性上升所经历的步数；post-LN 需要预热才能收敛。</translation>
    </message>
    <message>
        <source>Scale of the noam schedule; its peak is factor/sqrt(d_model*warmup).</source>
        <translation>noam 调度的缩放系数；其峰值为 factor/sqrt(d_model*warmup)。</translation>
    </message>
    <message>
        <source>Target distribution puts 1-eps on the right token and eps spread over the vocabulary: loss = (1-eps)*NLL + eps*mean(-log p).</source>
        <translation>目标分布给正确词元 1-eps，并将 eps 均匀分配到整个词表：loss = (1-eps)*NLL + eps*mean(-log p)。</translation>
    </message>
    <message>
        <source>Rescale gradients whose global L2 norm exceeds this (0 = off).</source>
        <translation>全局 L2 范数超过此值的梯度会被重新缩放（0 = 关闭）。</translation>
    </message>
    <message>
        <source>Token budget per batch (padded source + target); batches group sentences of similar length.</source>
        <translation>每个批次的词元预算（填充后的源 + 目标）；批次由长度相近的句子组成。</translation>
    </message>
    <message>
        <source>Batches whose gradients are summed before one optimizer step; the effective batch is batch_tokens x accumulate.</source>
        <translation>梯度累加后才执行一次优化器步的批次数；有效批次为 batch_tokens x accumulate。</translation>
    </message>
    <message>
        <source>Passes over the training data.</source>
        <translation>遍历训练数据的轮数。</translation>
    </message>
    <message>
        <source>Stop after this many optimizer steps (0 = run all epochs).</source>
        <translation>达到此优化器步数后停止（0 = 跑完所有轮）。</translation>
    </message>
    <message>
        <source>Stop once this many target tokens have been trained on (0 = no limit): an equal budget for models whose batches differ.</source>
        <translation>已训练的目标词元数达到此值后停止（0 = 不限）：为批次不同的模型提供相同的预算。</translation>
    </message>
    <message>
        <source>Stop after this many minutes of training, validations included (0 = no limit): an equal budget for models of different speed.</source>
        <translation>训练此分钟数后停止，含验证时间（0 = 不限）：为速度不同的模型提供相同的预算。</translation>
    </message>
    <message>
        <source>Steps between validations (0 = at the end of each epoch).</source>
        <translation>两次验证之间的步数（0 = 每轮结束时）。</translation>
    </message>
    <message>
        <source>Steps between training-loss reports.</source>
        <translation>两次训练损失报告之间的步数。</translation>
    </message>
    <message>
        <source>Steps between periodic checkpoints kept for averaging (0 = keep only last and best).</source>
        <translation>两次保存周期性检查点之间的步数，这些检查点用于平均（0 = 只保留最新和最佳）。</translation>
    </message>
    <message>
        <source>Steps between attention snapshots of the probe inputs, kept in the run&apos;s attention/ folder (0 = with every validation, -1 = none).</source>
        <translation>两次对探针输入做注意力快照之间的步数，快照保存在运行的 attention/ 文件夹中（0 = 每次验证时，-1 = 不做）。</translation>
    </message>
    <message>
        <source>Inputs whose attention is snapshotted during training, separated by | (empty = the first two usable validation inputs).</source>
        <translation>训练期间对其注意力做快照的输入，以 | 分隔（留空 = 前两个可用的验证输入）。</translation>
    </message>
    <message>
        <source>Stop when validation loss has not improved for this many validations (0 = never stop early).</source>
        <translation>验证损失连续这么多次验证没有改善时停止（0 = 从不提前停止）。</translation>
    </message>
    <message>
        <source>Seeds initialisation, dropout and shuffling: same seed, same curve.</source>
        <translation>用于初始化、丢弃和数据打乱的随机种子：种子相同，曲线相同。</translation>
    </message>
    <message>
        <source>auto picks a CUDA GPU when one is present.</source>
        <translation>auto 会在有 CUDA GPU 时选用它。</translation>
    </message>
    <message>
        <source>CPU threads for matrix work (0 = all cores).</source>
        <translation>用于矩阵运算的 CPU 线程数（0 = 全部核心）。</translation>
    </message>
    <message>
        <source>Sample</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>Draw each token at random from the model&apos;s distribution instead of searching for the best scoring output.</source>
        <translation>从模型的分布中随机抽取每个词元，而不是搜索得分最高的输出。</translation>
    </message>
    <message>
        <source>Beam size</source>
        <translation>束宽</translation>
    </message>
    <message>
        <source>Hypotheses kept per input at every step (1 = greedy). Wider beams find outputs the model scores higher, at a cost in time.</source>
        <translation>每一步为每个输入保留的假设数（1 = 贪心）。束越宽，越能找到模型打分更高的输出，但更耗时。</translation>
    </message>
    <message>
        <source>n-best</source>
        <translation>n-best</translation>
    </message>
    <message>
        <source>Hypotheses returned per input, best first (at most the beam size).</source>
        <translation>每个输入返回的假设数，最佳的在前（不超过束宽）。</translation>
    </message>
    <message>
        <source>Length penalty</source>
        <translation>长度惩罚</translation>
    </message>
    <message>
        <source>The length penalty a score is divided by: fairseq&apos;s len^alpha or GNMT&apos;s ((5 + len) / 6)^alpha.</source>
        <translation>分数要除以的长度惩罚：fairseq 的 len^alpha 或 GNMT 的 ((5 + len) / 6)^alpha。</translation>
    </message>
    <message>
        <source>α</source>
        <translation>α</translation>
    </message>
    <message>
        <source>Length penalty alpha: hypotheses are ranked by score / penalty(length). 0 ranks by raw score, which favours short outputs; larger values favour longer ones.</source>
        <translation>长度惩罚 alpha：假设按 score / penalty(length) 排序。0 表示按原始分数排序，偏向短输出；值越大越偏向长输出。</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Divides the log-probabilities before sampling: below 1 sharpens the distribution (closer to greedy), above 1 flattens it.</source>
        <translation>采样前用它除对数概率：小于 1 使分布更尖锐（更接近贪心），大于 1 使分布更平坦。</translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <source>Sample only from the k most likely tokens (0 = all tokens).</source>
        <translation>只从概率最高的 k 个词元中采样（0 = 所有词元）。</translation>
    </message>
    <message>
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <source>Nucleus sampling: only from the smallest set of most likely tokens whose probabilities add up to p (1 = all tokens).</source>
        <translation>核采样：只从概率之和达到 p 的最小高概率词元集合中采样（1 = 所有词元）。</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Seed of the random draws: the same seed gives the same samples.</source>
        <translation>随机抽样的种子：相同的种子得到相同的样本。</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>样本数</translation>
    </message>
    <message>
        <source>Samples drawn per input, returned best score first.</source>
        <translation>每个输入抽取的样本数，按得分从高到低返回。</translation>
    </message>
    <message>
        <source>Max length a</source>
        <translation>最大长度 a</translation>
    </message>
    <message>
        <source>Outputs have at most a * input length + b tokens (the input&apos;s EOS counts); this is a.</source>
        <translation>输出最多含 a * 输入长度 + b 个词元（计入输入的 EOS）；此项为 a。</translation>
    </message>
    <message>
        <source>Max length b</source>
        <translation>最大长度 b</translation>
    </message>
    <message>
        <source>The b of the maximum output length a * input length + b (for a language model: the new tokens).</source>
        <translation>最大输出长度 a * 输入长度 + b 中的 b（对语言模型：新生成的词元数）。</translation>
    </message>
    <message>
        <source>Min length</source>
        <translation>最小长度</translation>
    </message>
    <message>
        <source>The end-of-sentence token is forbidden before this many output tokens.</source>
        <translation>输出词元数达到此值之前，禁止生成句末词元。</translation>
    </message>
    <message>
        <source>No-repeat n-gram</source>
        <translation>禁止重复 n-gram</translation>
    </message>
    <message>
        <source>No n-gram of this many tokens appears twice in an output (0 = off); 3 stops most loops in summaries.</source>
        <translation>同一输出中，此长度的 n-gram 不会出现两次（0 = 关闭）；设为 3 可避免摘要中的大多数循环重复。</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>数据文件夹</translation>
    </message>
    <message>
        <source>Built-in task</source>
        <translation>内置任务</translation>
    </message>
    <message>
        <source>Training source</source>
        <translation>训练源文本</translation>
    </message>
    <message>
        <source>Training target</source>
        <translation>训练目标文本</translation>
    </message>
    <message>
        <source>Validation source</source>
        <translation>验证源文本</translation>
    </message>
    <message>
        <source>Validation target</source>
        <translation>验证目标文本</translation>
    </message>
    <message>
        <source>Test source</source>
        <translation>测试源文本</translation>
    </message>
    <message>
        <source>Test target</source>
        <translation>测试目标文本</translation>
    </message>
    <message>
        <source>Training text</source>
        <translation>训练文本</translation>
    </message>
    <message>
        <source>Validation text</source>
        <translation>验证文本</translation>
    </message>
    <message>
        <source>Test text</source>
        <translation>测试文本</translation>
    </message>
    <message>
        <source>Longest source (tokens)</source>
        <translation>源最大长度（词元）</translation>
    </message>
    <message>
        <source>Longest target (tokens)</source>
        <translation>目标最大长度（词元）</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <source>Subword algorithm</source>
        <translation>子词算法</translation>
    </message>
    <message>
        <source>Vocabulary size</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>Shared vocabulary</source>
        <translation>共享词表</translation>
    </message>
    <message>
        <source>Lowercase</source>
        <translation>转为小写</translation>
    </message>
    <message>
        <source>Existing tokenizer model</source>
        <translation>已有分词器模型</translation>
    </message>
    <message>
        <source>Minimum word count</source>
        <translation>最小词频</translation>
    </message>
    <message>
        <source>Model width</source>
        <translation>模型宽度</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>Encoder layers</source>
        <translation>编码器层数</translation>
    </message>
    <message>
        <source>Decoder layers</source>
        <translation>解码器层数</translation>
    </message>
    <message>
        <source>Feed-forward width</source>
        <translation>前馈宽度</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>丢弃率</translation>
    </message>
    <message>
        <source>Attention dropout</source>
        <translation>注意力丢弃率</translation>
    </message>
    <message>
        <source>Layer norm placement</source>
        <translation>层归一化位置</translation>
    </message>
    <message>
        <source>Positions</source>
        <translation>位置编码</translation>
    </message>
    <message>
        <source>Tie embeddings</source>
        <translation>绑定嵌入</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>激活函数</translation>
    </message>
    <message>
        <source>Longest sequence</source>
        <translation>最长序列</translation>
    </message>
    <message>
        <source>Causal decoder</source>
        <translation>因果解码器</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>Adam betas</source>
        <translation>Adam betas</translation>
    </message>
    <message>
        <source>Adam epsilon</source>
        <translation>Adam epsilon</translation>
    </message>
    <message>
        <source>Weight decay</source>
        <translation>权重衰减</translation>
    </message>
    <message>
        <source>Learning-rate schedule</source>
        <translation>学习率调度</translation>
    </message>
    <message>
        <source>Warm-up steps</source>
        <translation>预热步数</translation>
    </message>
    <message>
        <source>Noam factor</source>
        <translation>Noam 系数</translation>
    </message>
    <message>
        <source>Label smoothing</source>
        <translation>标签平滑</translation>
    </message>
    <message>
        <source>Gradient clipping</source>
        <translation>梯度裁剪</translation>
    </message>
    <message>
        <source>Tokens per batch</source>
        <translation>每批次词元数</translation>
    </message>
    <message>
        <source>Gradient accumulation</source>
        <translation>梯度累积</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>轮数</translation>
    </message>
    <message>
        <source>Maximum steps</source>
        <translation>最大步数</translation>
    </message>
    <message>
        <source>Maximum tokens</source>
        <translation>最大词元数</translation>
    </message>
    <message>
        <source>Time budget (minutes)</source>
        <translation>时间预算（分钟）</translation>
    </message>
    <message>
        <source>Validate every (steps)</source>
        <translation>验证间隔（步）</translation>
    </message>
    <message>
        <source>Log every (steps)</source>
        <translation>日志间隔（步）</translation>
    </message>
    <message>
        <source>Keep a checkpoint every (steps)</source>
        <translation>检查点保存间隔（步）</translation>
    </message>
    <message>
        <source>Attention snapshot every (steps)</source>
        <translation>注意力快照间隔（步）</translation>
    </message>
    <message>
        <source>Attention probe inputs</source>
        <translation>注意力探针输入</translation>
    </message>
    <message>
        <source>Early-stopping patience</source>
        <translation>早停耐心值</translation>
    </message>
    <message>
        <source>Random seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>CPU threads</source>
        <translation>CPU 线程数</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation>CUDA 图</translation>
    </message>
    <message>
        <source>On a GPU: cut batches to a few shapes (lengths rounded up to multiples of 8, rows filled up to a full batch) and replay each shape&apos;s training step as one CUDA graph, so that a small model&apos;s step is not held up by launching thousands of kernels. Off: exact batch shapes, every kernel launched.</source>
        <translation>在 GPU 上：把批次裁成少数几种形状（长度向上取整到 8 的倍数，行数补满一个完整批次），每种形状的训练步骤作为一个 CUDA 图重放，这样小模型的一步不会被数千次内核启动拖慢。关闭：批次保持原有形状，每个内核逐一启动。</translation>
    </message>
    <message>
        <source>What the best checkpoint and early stopping go by: validation loss, or BLEU / ROUGE-L of the validation set decoded greedily at every validation (translation, summarization; each validation then decodes the whole set).</source>
        <translation>最佳检查点与提前停止的依据：验证损失，或每次验证时对整个验证集贪心解码后得到的 BLEU / ROUGE-L（翻译、摘要；每次验证都要解码整个验证集）。</translation>
    </message>
    <message>
        <source>Best checkpoint by</source>
        <translation>最佳检查点依据</translation>
    </message>
    <message>
        <source>End the run when its training loss explodes (stays above ln(vocabulary) + 25 nats per token for 5 steps) and say so, instead of training a broken model to the end. A loss that becomes NaN or infinite always ends it.</source>
        <translation>训练损失爆炸（连续 5 步高于 ln(词表大小) + 25 nat/词元）时结束运行并说明原因，而不是把一个坏掉的模型训练到底。损失变成 NaN 或无穷大时总会结束运行。</translation>
    </message>
    <message>
        <source>auto takes bf16 where the device runs it natively (GPUs from Ampere on, CPUs with AVX-512 BF16 or AMX) and fp32 elsewhere. bf16 runs matrix products in bfloat16 keeping fp32 weights; on a CPU without native bf16 it is many times slower than fp32. fp16 is for GPUs only.</source>
        <translation>auto 在设备原生支持 bf16 时选择 bf16（Ampere 及更新的 GPU、带 AVX-512 BF16 或 AMX 的 CPU），否则选择 fp32。bf16 以 bfloat16 计算矩阵乘法，权重保持 fp32；在没有原生 bf16 的 CPU 上它比 fp32 慢很多倍。fp16 仅用于 GPU。</translation>
    </message>
    <message>
        <source>Stop when it diverges</source>
        <translation>发散时停止</translation>
    </message>
    <message>
        <source>How token order enters: fixed sin/cos waves PE(p,2i)=sin(p/10000^(2i/d)) added to the embeddings (Vaswani et al. 2017), a learned vector per position, nothing (a bag of words), rope: queries and keys rotated by angles p*base^(-2i/d_head), so scores depend on relative distance (Su et al. 2021, used by Llama), or alibi: a per-head penalty -m_h*|i-j| added to the scores (Press et al. 2022). rope and alibi have no position table and run on longer sequences than they were trained on.</source>
        <translation>词序如何进入模型：加到嵌入上的固定正弦/余弦波 PE(p,2i)=sin(p/10000^(2i/d))（Vaswani 等，2017）、每个位置一个可学习向量、不加任何位置信息（词袋），rope：把查询和键按角度 p*base^(-2i/d_head) 旋转，使注意力分数只取决于相对距离（Su 等，2021，Llama 使用），或 alibi：在分数上加每个头的惩罚 -m_h*|i-j|（Press 等，2022）。rope 和 alibi 没有位置表，能处理比训练时更长的序列。</translation>
    </message>
    <message>
        <source>Non-linearity inside the feed-forward block. swiglu and geglu are gated (Shazeer 2020, used by Llama): W2 (act(Wg x) * Wu x) with SiLU or GELU, three matrices instead of two; ffn_dim = 2/3 x 4 x d_model keeps the parameter count of the ungated block.</source>
        <translation>前馈块中的非线性函数。swiglu 和 geglu 是门控形式（Shazeer，2020，Llama 使用）：W2 (act(Wg x) * Wu x)，激活为 SiLU 或 GELU，用三个矩阵代替两个；ffn_dim = 2/3 x 4 x d_model 时参数量与非门控块相同。</translation>
    </message>
    <message>
        <source>layer: LayerNorm, (x - mean) / std * g + b; rms: RMSNorm, x / rms(x) * g, no centring and no bias, cheaper and as good in practice (Zhang &amp; Sennrich 2019, used by Llama).</source>
        <translation>layer：LayerNorm，(x - 均值) / 标准差 * g + b；rms：RMSNorm，x / rms(x) * g，不减均值、没有偏置，更省计算，实践中效果相当（Zhang 和 Sennrich，2019，Llama 使用）。</translation>
    </message>
    <message>
        <source>RMSNorm of every head&apos;s queries and keys before their dot product, which keeps attention logits from growing without bound (Dehghani et al. 2023, OLMo 2, Qwen 3).</source>
        <translation>在点积之前对每个头的查询和键做 RMSNorm，防止注意力 logits 无限增大（Dehghani 等，2023；OLMo 2、Qwen 3 使用）。</translation>
    </message>
    <message>
        <source>positional rope: the base of the rotation wavelengths; larger bases rotate slower and reach further (10000 in the paper, 500000 in Llama 3).</source>
        <translation>positional 为 rope 时：旋转波长的基数；基数越大旋转越慢、可覆盖的距离越远（论文中为 10000，Llama 3 为 500000）。</translation>
    </message>
    <message>
        <source>Key/value heads: 0 = one per attention head (multi-head); fewer share each key/value head among heads/kv_heads query heads (grouped-query attention, Ainslie et al. 2023); 1 is multi-query attention. Shrinks the key/value cache of generation by heads/kv_heads.</source>
        <translation>键/值头数：0 表示每个注意力头各有一个（多头注意力）；更少时每个键/值头由 heads/kv_heads 个查询头共享（分组查询注意力，Ainslie 等，2023）；1 即多查询注意力。生成时的键/值缓存缩小为原来的 kv_heads/heads。</translation>
    </message>
    <message>
        <source>Biases in the attention and feed-forward layers and in LayerNorm. Today&apos;s large models leave them out (PaLM, Llama): fewer parameters, no loss in quality.</source>
        <translation>注意力层、前馈层和 LayerNorm 中的偏置项。如今的大模型不用偏置（PaLM、Llama）：参数更少，质量不受影响。</translation>
    </message>
    <message>
        <source>xavier: Xavier-uniform matrices; scaled: the same, with every residual branch&apos;s output projection scaled by 1/sqrt(2 x layers), so that the residual stream does not grow with depth (GPT-2).</source>
        <translation>xavier：Xavier 均匀初始化矩阵；scaled：同上，但每个残差分支的输出投影乘以 1/sqrt(2 x 层数)，使残差流不随深度增大（GPT-2）。</translation>
    </message>
    <message>
        <source>What weight decay applies to: every parameter, or only the matrices of linear layers, leaving norms, biases and embeddings alone (today&apos;s practice). A configuration file that sets weight_decay without this setting (written before it existed) means all.</source>
        <translation>权重衰减作用于哪些参数：全部参数，或只作用于线性层的矩阵、不衰减归一化增益、偏置和嵌入（如今的通行做法）。设置了 weight_decay 却没有此项的配置文件（在此设置出现之前写成）表示 all。</translation>
    </message>
    <message>
        <source>Normalisation</source>
        <translation>归一化方式</translation>
    </message>
    <message>
        <source>Query/key norm</source>
        <translation>查询/键归一化</translation>
    </message>
    <message>
        <source>RoPE base</source>
        <translation>RoPE 基数</translation>
    </message>
    <message>
        <source>Key/value heads</source>
        <translation>键/值头数</translation>
    </message>
    <message>
        <source>Biases</source>
        <translation>偏置项</translation>
    </message>
    <message>
        <source>Initialisation</source>
        <translation>初始化</translation>
    </message>
    <message>
        <source>Weight decay applies to</source>
        <translation>权重衰减作用于</translation>
    </message>
    <message>
        <source>Patience</source>
        <translation>耐心系数</translation>
    </message>
    <message>
        <source>0 searches until no open hypothesis can still beat the worst of the n best finished ones (the best scores). p &gt; 0 stops an input once beam × p hypotheses have ended, as CTranslate2&apos;s patience (1 = its default): faster, and sometimes a lower-scoring output.</source>
        <translation>0 表示一直搜索，直到没有未结束的假设还能超过已结束的前 n 个最佳假设中最差的一个（得分最好）。p &gt; 0 表示一旦有 束宽 × p 个假设结束就停止该输入的搜索，与 CTranslate2 的 patience 相同（1 为其默认值）：更快，但有时输出得分更低。</translation>
    </message>
    <message>
        <source>fp32 decodes exactly. bf16 computes in bfloat16, which CPUs with AVX-512 BF16 or AMX and GPUs multiply in hardware: 1.3 to 1.9 times as fast on such a CPU, slower on other CPUs. int8 multiplies with 8-bit weights in every linear layer, on x86-64 CPUs with AVX2: 1.9 to 3.2 times as fast with AVX-512 VNNI; with AVX-VNNI (Intel Core 12th generation on), about 3 times one input at a time and 1.4 to 1.7 times in batches; with AVX2 alone and no FBGEMM (Debian&apos;s LibTorch), 2 to 6 times one input at a time and about as fast as fp32 in batches. Outputs of both may differ slightly (Multi30k test BLEU moved by up to 0.32).</source>
        <translation>fp32 精确解码。bf16 以 bfloat16 计算，支持 AVX-512 BF16 或 AMX 的 CPU 以及 GPU 用硬件做这种乘法：在这样的 CPU 上快 1.3 到 1.9 倍，在其他 CPU 上更慢。int8 在每个线性层中使用 8 位权重相乘，需在支持 AVX2 的 x86-64 CPU 上：有 AVX-512 VNNI 时快 1.9 到 3.2 倍；有 AVX-VNNI（Intel 第 12 代酷睿及以后）时，逐句解码快约 3 倍，成批解码快 1.4 到 1.7 倍；只有 AVX2 且没有 FBGEMM（Debian 的 LibTorch）时，逐句解码快 2 到 6 倍，成批解码与 fp32 差不多快。两者的输出都可能略有不同（Multi30k 测试集 BLEU 最多变化 0.32）。</translation>
    </message>
</context>
<context>
    <name>ConfigProblem</name>
    <message>
        <source>%1 (%2) must be between %3 and %4</source>
        <translation>%1（%2）必须介于 %3 和 %4 之间</translation>
    </message>
    <message>
        <source>%1 (%2) must be at least %3</source>
        <translation>%1（%2）必须至少为 %3</translation>
    </message>
    <message>
        <source>train.betas[%1] (%2) must be in [0, 1)</source>
        <translation>train.betas[%1]（%2）必须在 [0, 1) 之内</translation>
    </message>
    <message>
        <source>model.heads (%1) must divide model.d_model (%2)</source>
        <translation>model.heads（%1）必须能整除 model.d_model（%2）</translation>
    </message>
    <message>
        <source>model.d_model (%1) must be even for sinusoidal positions</source>
        <translation>使用正弦位置编码时 model.d_model（%1）必须为偶数</translation>
    </message>
    <message>
        <source>model.max_positions (%1) must cover the longest sequence (%2 with BOS/EOS)</source>
        <translation>model.max_positions（%1）必须覆盖最长序列（含 BOS/EOS 为 %2）</translation>
    </message>
    <message>
        <source>train.schedule cosine needs train.max_steps (0) or train.max_minutes to be set: the cosine decays to zero at max_steps, or when the time budget runs out</source>
        <translation>train.schedule 为 cosine 时需要设置 train.max_steps（当前为 0）或 train.max_minutes：余弦在 max_steps 处或时间预算用完时衰减到零</translation>
    </message>
    <message>
        <source>train.warmup_steps (0) must be at least 1 for the noam schedule</source>
        <translation>使用 noam 调度时 train.warmup_steps（0）必须至少为 1</translation>
    </message>
    <message>
        <source>train.precision (fp16) needs a GPU; use bf16 or fp32 on cpu</source>
        <translation>train.precision（fp16）需要 GPU；在 CPU 上请使用 bf16 或 fp32</translation>
    </message>
    <message>
        <source>tokenizer.vocab_size (%1) must be at least 16 for sentencepiece</source>
        <translation>使用 sentencepiece 时 tokenizer.vocab_size（%1）必须至少为 16</translation>
    </message>
    <message>
        <source>%1 is empty: choose a file</source>
        <translation>%1 为空：请选择文件</translation>
    </message>
    <message>
        <source>data.synthetic (reverse) is a translation task; set task to translation</source>
        <translation>data.synthetic（reverse）是翻译任务；请把任务设为 translation</translation>
    </message>
    <message>
        <source>%1 must be in (%2, %3] (got %4)</source>
        <translation>%1 必须在 (%2, %3] 之内（当前为 %4）</translation>
    </message>
    <message>
        <source>%1 must be &gt; %2 (got %3)</source>
        <translation>%1 必须 &gt; %2（当前为 %3）</translation>
    </message>
    <message>
        <source>%1 must be &gt;= %2 (got %3)</source>
        <translation>%1 必须 &gt;= %2（当前为 %3）</translation>
    </message>
    <message>
        <source>%1 must be &lt;= %2 (got %3)</source>
        <translation>%1 必须 &lt;= %2（当前为 %3）</translation>
    </message>
    <message>
        <source>%1 and %2 are both 0: nothing could be generated</source>
        <translation>%1 和 %2 都为 0：无法生成任何内容</translation>
    </message>
    <message>
        <source>vary at least one field</source>
        <translation>至少要变化一个设置项</translation>
    </message>
    <message>
        <source>%1 has no values</source>
        <translation>%1 没有取值</translation>
    </message>
    <message>
        <source>%1 is varied twice; give all its values once</source>
        <translation>%1 被变化了两次；请一次给出它的全部取值</translation>
    </message>
    <message>
        <source>runs at once must be at least 1</source>
        <translation>同时运行数必须至少为 1</translation>
    </message>
    <message>
        <source>the budget needs an amount &gt; 0</source>
        <translation>预算需要一个大于 0 的数值</translation>
    </message>
    <message>
        <source>the base experiment: %1</source>
        <translation>基础实验：%1</translation>
    </message>
    <message>
        <source>baseline: </source>
        <translation>基线：</translation>
    </message>
    <message>
        <source>train.valid_metric (%1) scores decoded outputs against references; a language model has none: use loss (its perplexity)</source>
        <translation>train.valid_metric（%1）用参考文本为解码输出打分；语言模型没有参考文本：请用 loss（即其困惑度）</translation>
    </message>
    <message>
        <source>model.kv_heads (%1) must divide model.heads (%2)</source>
        <translation>model.kv_heads（%1）必须整除 model.heads（%2）</translation>
    </message>
    <message>
        <source>positional rope rotates pairs of dimensions: d_model / heads (%1) must be even</source>
        <translation>positional rope 成对旋转维度：d_model / heads（%1）必须为偶数</translation>
    </message>
    <message>
        <source>a cumulative sweep adds one setting per step: %1 has %2 values</source>
        <translation>累加式扫描每一步只加一个设置：%1 有 %2 个取值</translation>
    </message>
    <message>
        <source>int8 decoding needs an x86-64 CPU with AVX2 or a LibTorch with FBGEMM (PyTorch&apos;s LibTorch 2.x), and this machine and build have neither: use fp32 or bf16</source>
        <translation>int8 解码需要支持 AVX2 的 x86-64 CPU 或带 FBGEMM 的 LibTorch（PyTorch 的 LibTorch 2.x），本机与当前构建均不具备：请使用 fp32 或 bf16</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Reading checkpoints…</source>
        <translation>正在读取检查点…</translation>
    </message>
    <message>
        <source>Read %1 of %2 checkpoints</source>
        <translation>已读取 %1/%2 个检查点</translation>
    </message>
    <message>
        <source>Reading the validation set…</source>
        <translation>正在读取验证集…</translation>
    </message>
    <message>
        <source>Validation loss of the averaged checkpoint…</source>
        <translation>正在计算平均检查点的验证损失…</translation>
    </message>
    <message>
        <source>Validation loss of %1…</source>
        <translation>正在计算 %1 的验证损失…</translation>
    </message>
    <message>
        <source>translation</source>
        <translation>翻译</translation>
    </message>
    <message>
        <source>summarization</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>language model</source>
        <translation>语言模型</translation>
    </message>
    <message>
        <source>Encoder self-attention</source>
        <translation>编码器自注意力</translation>
    </message>
    <message>
        <source>Decoder self-attention</source>
        <translation>解码器自注意力</translation>
    </message>
    <message>
        <source>Cross-attention</source>
        <translation>交叉注意力</translation>
    </message>
    <message>
        <source>%1 decoder layers</source>
        <translation>%1 层解码器</translation>
    </message>
    <message>
        <source>%1+%2 layers</source>
        <translation>%1+%2 层</translation>
    </message>
    <message>
        <source>%1 · %2 × %3 heads · d_model %4 · step %L5</source>
        <translation>%1 · %2 × %3 个头 · d_model %4 · 第 %L5 步</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>导出%1</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>%1 (best of this row)</source>
        <translation>%1（本行最佳）</translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>Layer %1, head %2 over training on the run&apos;s probe &quot;%3&quot; (%4 snapshots kept, %5 shown).</source>
        <translation>第 %1 层头 %2 在训练过程中对本次运行探针“%3”的注意力（保存了 %4 个快照，显示 %5 个）。</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>The run has no checkpoint to decode the probe with.</source>
        <translation>该运行没有可用于解码探针的检查点。</translation>
    </message>
    <message>
        <source>The probe gave no output.</source>
        <translation>探针没有产生输出。</translation>
    </message>
    <message>
        <source>Probe (prompt): &quot;%1&quot;; the model continued: &quot;%2&quot;.</source>
        <translation>探针（提示）：“%1”；模型续写：“%2”。</translation>
    </message>
    <message>
        <source>Probe: &quot;%1&quot;; the model&apos;s output: &quot;%2&quot;.</source>
        <translation>探针：“%1”；模型输出：“%2”。</translation>
    </message>
    <message>
        <source>Self-attention of every layer (rows) and head (columns): each map&apos;s rows are the generated positions, its columns the tokens attended to.</source>
        <translation>每一层（行）每个头（列）的自注意力：每张图的行是生成的位置，列是被关注的词元。</translation>
    </message>
    <message>
        <source>Cross-attention of every layer (rows) and head (columns): each map&apos;s rows are output tokens, its columns source tokens.</source>
        <translation>每一层（行）每个头（列）的交叉注意力：每张图的行是输出词元，列是源词元。</translation>
    </message>
    <message>
        <source>Layer %1, head %2, the %3 focused head (mean row entropy %4 nats).</source>
        <translation>第 %1 层头 %2，%3集中的头（平均行熵 %4 奈特）。</translation>
    </message>
    <message>
        <source>most</source>
        <translation>最</translation>
    </message>
    <message>
        <source>second most</source>
        <translation>第二</translation>
    </message>
    <message>
        <source>Ablation study: %1</source>
        <translation>消融实验：%1</translation>
    </message>
    <message>
        <source>Comparison of %1 runs</source>
        <translation>%1 次运行的对比</translation>
    </message>
    <message>
        <source>Experiment report: %1</source>
        <translation>实验报告：%1</translation>
    </message>
    <message>
        <source>Written by Transformer Workbench from the runs&apos; own files (configuration, history, saved evaluations); every number below is the run&apos;s.</source>
        <translation>由 Transformer Workbench 根据运行自身的文件（配置、训练历史、已保存的评估）生成；下文每个数字都来自运行本身。</translation>
    </message>
    <message>
        <source>Baseline in detail</source>
        <translation>基线详情</translation>
    </message>
    <message>
        <source>the base experiment</source>
        <translation>基础实验</translation>
    </message>
    <message>
        <source>`%1` = %2 (was %3)</source>
        <translation>`%1` = %2（原为 %3）</translation>
    </message>
    <message>
        <source>the same settings as before</source>
        <translation>与前一个变体设置相同</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Settings that differ</source>
        <translation>不同的设置</translation>
    </message>
    <message>
        <source>The runs have the same configuration.</source>
        <translation>这些运行的配置相同。</translation>
    </message>
    <message>
        <source>Numbers side by side</source>
        <translation>数字并排对比</translation>
    </message>
    <message>
        <source>The best value of each row in bold. Evaluations are each run&apos;s newest.</source>
        <translation>每行最佳值以粗体标出。评估取每次运行最新的一次。</translation>
    </message>
    <message>
        <source>Ablation</source>
        <translation>消融</translation>
    </message>
    <message>
        <source>Sweep `%1` (%2 design): %3 variants × %4 seeds (%5), each run trained for %6.</source>
        <translation>扫描 `%1`（%2 设计）：%3 个变体 × %4 个种子（%5），每次运行训练 %6。</translation>
    </message>
    <message>
        <source>Mean ± sample standard deviation over the seeds. Δ: the variant&apos;s mean %1 minus the baseline&apos;s; p: Welch&apos;s two-sided t-test over the seeds; ≈: within seed noise (p ≥ 0.05), not a finding.</source>
        <translation>各种子上的均值 ± 样本标准差。Δ：该变体 %1 的均值减去基线的均值；p：各种子上的 Welch 双侧 t 检验；≈：在种子噪声范围内（p ≥ 0.05），不构成结论。</translation>
    </message>
    <message>
        <source>No finished run.</source>
        <translation>没有完成的运行。</translation>
    </message>
    <message>
        <source>%1 %2 ± %3 (n = %4).</source>
        <translation>%1 %2 ± %3（n = %4）。</translation>
    </message>
    <message>
        <source>%1 %2 ± %3 (n = %4), Δ %5 (%6%): %7.</source>
        <translation>%1 %2 ± %3（n = %4），Δ %5（%6%）：%7。</translation>
    </message>
    <message>
        <source>too few seeds for a test</source>
        <translation>种子太少，无法检验</translation>
    </message>
    <message>
        <source>within seed noise (p = %1)</source>
        <translation>在种子噪声范围内（p = %1）</translation>
    </message>
    <message>
        <source>a real difference (p = %1)</source>
        <translation>确有差异（p = %1）</translation>
    </message>
    <message>
        <source>Training curves</source>
        <translation>训练曲线</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>loss (nats per target token)</source>
        <translation>损失（每个目标词元的奈特数）</translation>
    </message>
    <message>
        <source>perplexity (log scale)</source>
        <translation>困惑度（对数刻度）</translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>train</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>validation</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>Loss per target token: training (solid, without label smoothing, the mean since the previous report) and validation (dashed).</source>
        <translation>每个目标词元的损失：训练（实线，不含标签平滑，为上次报告以来的均值）与验证（虚线）。</translation>
    </message>
    <message>
        <source>Perplexity = exp(loss), on a log scale: training (solid) and validation (dashed).</source>
        <translation>困惑度 = exp(损失)，对数刻度：训练（实线）与验证（虚线）。</translation>
    </message>
    <message>
        <source>Learning rate at each reported step.</source>
        <translation>每个报告步的学习率。</translation>
    </message>
    <message>
        <source>token accuracy (%)</source>
        <translation>词元准确率（%）</translation>
    </message>
    <message>
        <source>%1 of the validation set decoded greedily at each validation.</source>
        <translation>每次验证时对验证集贪心解码得到的 %1。</translation>
    </message>
    <message>
        <source>Share of validation target tokens predicted exactly (teacher forcing) at each validation.</source>
        <translation>每次验证时被准确预测的验证目标词元比例（教师强制）。</translation>
    </message>
    <message>
        <source>validation loss (nats per target token)</source>
        <translation>验证损失（每个目标词元的奈特数）</translation>
    </message>
    <message>
        <source>Validation loss of each variant: the mean over its seeds, the band ±1 standard deviation.</source>
        <translation>各变体的验证损失：曲线为各种子的均值，阴影带为 ±1 个标准差。</translation>
    </message>
    <message>
        <source>training source</source>
        <translation>训练源文件</translation>
    </message>
    <message>
        <source>training target</source>
        <translation>训练目标文件</translation>
    </message>
    <message>
        <source>validation source</source>
        <translation>验证源文件</translation>
    </message>
    <message>
        <source>validation target</source>
        <translation>验证目标文件</translation>
    </message>
    <message>
        <source>test source</source>
        <translation>测试源文件</translation>
    </message>
    <message>
        <source>test target</source>
        <translation>测试目标文件</translation>
    </message>
    <message>
        <source>training text</source>
        <translation>训练文本</translation>
    </message>
    <message>
        <source>validation text</source>
        <translation>验证文本</translation>
    </message>
    <message>
        <source>test text</source>
        <translation>测试文本</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>lines</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>setting</source>
        <translation>设置项</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>vocabulary (source)</source>
        <translation>词表大小（源）</translation>
    </message>
    <message>
        <source>vocabulary (target)</source>
        <translation>词表大小（目标）</translation>
    </message>
    <message>
        <source>pieces per word (validation)</source>
        <translation>每词片段数（验证集）</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>Learning-rate schedule over the %1 planned steps (`train.schedule` = %2).</source>
        <translation>计划的 %1 步内的学习率调度（`train.schedule` = %2）。</translation>
    </message>
    <message>
        <source>check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>测量值</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>Experiment</source>
        <translation>实验</translation>
    </message>
    <message>
        <source>Task: %1. Run `%2`: %3.</source>
        <translation>任务：%1。运行 `%2`：%3。</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>Files below `%1`.</source>
        <translation>文件位于 `%1` 下。</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Settings that differ from a new experiment&apos;s defaults; the rest are as documented in docs/configuration.md.</source>
        <translation>与新实验默认值不同的设置；其余设置见 docs/configuration.md。</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>steps trained</source>
        <translation>已训练步数</translation>
    </message>
    <message>
        <source>target tokens seen</source>
        <translation>已见目标词元数</translation>
    </message>
    <message>
        <source>training time</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>versions</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>unknown (no readable checkpoint)</source>
        <translation>未知（没有可读的检查点）</translation>
    </message>
    <message>
        <source>Sanity checks before training</source>
        <translation>训练前的健全性检查</translation>
    </message>
    <message>
        <source>The run kept no sanity checks (checks.json is missing).</source>
        <translation>该运行没有保存健全性检查（缺少 checks.json）。</translation>
    </message>
    <message>
        <source>machine translation</source>
        <translation>机器翻译</translation>
    </message>
    <message>
        <source>summarization</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>language modelling</source>
        <translation>语言建模</translation>
    </message>
    <message>
        <source>not found on this machine</source>
        <translation>本机上未找到</translation>
    </message>
    <message>
        <source>How to reproduce</source>
        <translation>如何复现</translation>
    </message>
    <message>
        <source>The sweep&apos;s base experiment is `sweep-base.json` beside this report; this command trains every variant and seed again and prints the table:</source>
        <translation>扫描的基础实验是本报告旁的 `sweep-base.json`；以下命令会重新训练每个变体和种子并打印表格：</translation>
    </message>
    <message>
        <source>The configuration is beside this report (%1); these commands train and evaluate again (the seed is in the configuration, `train.seed`):</source>
        <translation>配置文件在本报告旁（%1）；以下命令会重新训练和评估（随机种子在配置中，`train.seed`）：</translation>
    </message>
    <message>
        <source>one `config-RUN.json` per run</source>
        <translation>每次运行一个 `config-RUN.json`</translation>
    </message>
    <message>
        <source>run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>data file</source>
        <translation>数据文件</translation>
    </message>
    <message>
        <source>SHA-256 of its text</source>
        <translation>文本的 SHA-256</translation>
    </message>
    <message>
        <source>Of the text after decompression (`sha256sum` of the file, or of `zcat FILE` for a .gz file).</source>
        <translation>为解压后文本的校验和（文件的 `sha256sum`，.gz 文件则为 `zcat FILE` 的）。</translation>
    </message>
    <message>
        <source>test set</source>
        <translation>测试集</translation>
    </message>
    <message>
        <source>validation set</source>
        <translation>验证集</translation>
    </message>
    <message>
        <source>custom set</source>
        <translation>自定义数据集</translation>
    </message>
    <message>
        <source>`best.tfw`: the best validation %1 (%2) at step %3</source>
        <translation>`best.tfw`：第 %3 步时最佳的验证 %1（%2）</translation>
    </message>
    <message>
        <source>`best.tfw`: the best validation loss (%1) at step %2</source>
        <translation>`best.tfw`：第 %2 步时最佳的验证损失（%1）</translation>
    </message>
    <message>
        <source>`%1` at step %2</source>
        <translation>第 %2 步的 `%1`</translation>
    </message>
    <message>
        <source>teacher forcing (no decoding)</source>
        <translation>教师强制（不解码）</translation>
    </message>
    <message>
        <source>sampling (temperature %1, top-k %2, top-p %3)</source>
        <translation>采样（温度 %1，top-k %2，top-p %3）</translation>
    </message>
    <message>
        <source>greedy search</source>
        <translation>贪心搜索</translation>
    </message>
    <message>
        <source>beam search, beam %1, length penalty %2</source>
        <translation>束搜索，束宽 %1，长度惩罚 %2</translation>
    </message>
    <message>
        <source>corpus BLEU as sacreBLEU computes it: geometric mean of 1- to 4-gram precisions over the whole test set times the brevity penalty; detokenized outputs against raw references</source>
        <translation>与 sacreBLEU 计算方式一致的语料级 BLEU：整个测试集上 1 至 4 元语法精确率的几何平均乘以简短惩罚；使用去分词后的输出与原始参考译文比较</translation>
    </message>
    <message>
        <source>character n-gram F-score (n up to 6, beta 2), as sacreBLEU&apos;s chrF</source>
        <translation>字符 n 元语法 F 值（n 最大为 6，beta 为 2），与 sacreBLEU 的 chrF 一致</translation>
    </message>
    <message>
        <source>F1 as Google&apos;s rouge-score computes it, mean over documents, Porter stemmer on</source>
        <translation>与 Google rouge-score 计算方式一致的 F1，按文档取平均，启用 Porter 词干化</translation>
    </message>
    <message>
        <source>F1 as Google&apos;s rouge-score computes it, mean over documents, no stemmer</source>
        <translation>与 Google rouge-score 计算方式一致的 F1，按文档取平均，不做词干化</translation>
    </message>
    <message>
        <source>metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>definition and signature</source>
        <translation>定义与签名</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>mean negative log-likelihood of the references per target token (nats), teacher forcing, %1 tokens</source>
        <translation>参考文本每个目标词元的平均负对数似然（奈特），教师强制，共 %1 个词元</translation>
    </message>
    <message>
        <source>perplexity</source>
        <translation>困惑度</translation>
    </message>
    <message>
        <source>exp(loss), per token</source>
        <translation>exp(损失)，按词元计</translation>
    </message>
    <message>
        <source>word-level perplexity</source>
        <translation>词级困惑度</translation>
    </message>
    <message>
        <source>exp(loss × %1 tokens per word): comparable with published word-level results</source>
        <translation>exp(损失 × 每词 %1 个词元)：可与已发表的词级结果比较</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>No saved evaluation on the test set. To make one: `%1`.</source>
        <translation>没有已保存的测试集评估。可运行：`%1`。</translation>
    </message>
    <message>
        <source>Evaluation on the %1</source>
        <translation>在%1上的评估</translation>
    </message>
    <message>
        <source>Checkpoint: %1.</source>
        <translation>检查点：%1。</translation>
    </message>
    <message>
        <source>Decoding: %1.</source>
        <translation>解码：%1。</translation>
    </message>
    <message>
        <source>Evaluated %1 (%2 lines, %3).</source>
        <translation>评估于 %1（%2 行，用时 %3）。</translation>
    </message>
    <message>
        <source>Sample outputs</source>
        <translation>输出样例</translation>
    </message>
    <message>
        <source>The %1 best and %1 worst outputs of the %2 by %3 (line numbers from 1).</source>
        <translation>按%3排序，%2上最好的 %1 条和最差的 %1 条输出（行号从 1 开始）。</translation>
    </message>
    <message>
        <source>line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>source</source>
        <translation>源文本</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>参考</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>First the best, then the worst.</source>
        <translation>先列最好的，再列最差的。</translation>
    </message>
    <message>
        <source>Learning-rate schedule (`train.schedule` = %1) over the %2 steps trained: it decays with the time budget (`train.max_minutes`).</source>
        <translation>已训练的 %2 步内的学习率调度（`train.schedule` = %1）：它随时间预算（`train.max_minutes`）衰减。</translation>
    </message>
    <message>
        <source>`references.bib` beside this report holds the papers and tools to cite:</source>
        <translation>本报告旁的 `references.bib` 列出了应引用的论文和工具：</translation>
    </message>
    <message>
        <source>device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>The built-in reverse task (no files): 20,000 training, 500 validation and 500 test sequences of 3 to 12 words, generated from `train.seed`, each to be written back to front.</source>
        <translation>内置的倒序任务（没有文件）：由 `train.seed` 生成的 20,000 条训练、500 条验证和 500 条测试序列，每条 3 到 12 个词，要求把它倒过来写。</translation>
    </message>
    <message>
        <source>%1, in bf16</source>
        <translation>%1，以 bf16 计算</translation>
    </message>
    <message>
        <source>%1, with int8 weights</source>
        <translation>%1，使用 int8 权重</translation>
    </message>
</context>
<context>
    <name>RunStatus</name>
    <message>
        <source>stopped early: validation %1 has not improved for %2 validations (best at step %3)</source>
        <translation>提前停止：验证集 %1 已连续 %2 次验证没有提升（最佳在第 %3 步）</translation>
    </message>
    <message>
        <source>stopped early: validation loss has not improved for %1 validations (best at step %2)</source>
        <translation>提前停止：验证损失已连续 %1 次验证没有下降（最佳在第 %2 步）</translation>
    </message>
    <message>
        <source>finished: reached train.max_steps (%1)</source>
        <translation>完成：达到 train.max_steps（%1）</translation>
    </message>
    <message>
        <source>finished: reached train.max_tokens (%1 target tokens)</source>
        <translation>完成：达到 train.max_tokens（%1 个目标词元）</translation>
    </message>
    <message>
        <source>finished: reached train.max_minutes (%1)</source>
        <translation>完成：达到 train.max_minutes（%1）</translation>
    </message>
    <message>
        <source>stopped at step %1; resume to continue</source>
        <translation>已在第 %1 步停止；可继续训练</translation>
    </message>
    <message>
        <source>finished: %1 epochs</source>
        <translation>完成：%1 轮</translation>
    </message>
    <message>
        <source> Try a lower train.lr (now %1), more train.warmup_steps (now %2)</source>
        <translation>可以尝试更低的 train.lr（当前 %1）、更多的 train.warmup_steps（当前 %2）</translation>
    </message>
    <message>
        <source>, train.clip_norm 1.0 (now %1)</source>
        <translation>、train.clip_norm 1.0（当前 %1）</translation>
    </message>
    <message>
        <source>, model.norm pre (now post)</source>
        <translation>、model.norm pre（当前 post）</translation>
    </message>
    <message>
        <source>, train.precision fp32 (now %1)</source>
        <translation>、train.precision fp32（当前 %1）</translation>
    </message>
    <message>
        <source>.</source>
        <translation>。</translation>
    </message>
    <message>
        <source>diverged: the loss became %1 at step %2.</source>
        <translation>已发散：损失在第 %2 步变成了 %1。</translation>
    </message>
    <message>
        <source>diverged at step %1: the training loss reached %2 nats per token, where a uniform guess scores %3.</source>
        <translation>在第 %1 步发散：训练损失达到每词元 %2 nat，而均匀猜测只有 %3。</translation>
    </message>
    <message>
        <source> Its loss diverged at step %1 (train.stop_on_divergence is off).</source>
        <translation>它的损失在第 %1 步发散（train.stop_on_divergence 已关闭）。</translation>
    </message>
    <message>
        <source>stopped at step %1: the process that trained it ended without saying so; resume to continue</source>
        <translation>已在第 %1 步停止：训练它的进程已意外结束；可恢复以继续训练</translation>
    </message>
</context>
<context>
    <name>StepQuantity</name>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>lr</source>
        <translation>lr</translation>
    </message>
    <message>
        <source>Gradient norm (before clipping)</source>
        <translation>梯度范数（裁剪前）</translation>
    </message>
    <message>
        <source>grad norm</source>
        <translation>梯度范数</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>tokens / s</source>
        <translation>词元 / 秒</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>词元/秒</translation>
    </message>
</context>
<context>
    <name>SweepBudget</name>
    <message>
        <source>%1 steps</source>
        <translation>%1 步</translation>
    </message>
    <message>
        <source>%1 target tokens</source>
        <translation>%1 个目标词元</translation>
    </message>
    <message>
        <source>%1 minutes</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>each run&apos;s own limits (epochs, train.max_steps)</source>
        <translation>各运行自身的限制（轮数、train.max_steps）</translation>
    </message>
</context>
<context>
    <name>SweepQueue</name>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>skipped at step %1</source>
        <translation>已在第 %1 步跳过</translation>
    </message>
    <message>
        <source>trained; evaluation continues on resume</source>
        <translation>已训练；继续时接着评估</translation>
    </message>
</context>
<context>
    <name>UiLanguage</name>
    <message>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
</context>
<context>
    <name>UserGuide</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>User guide</source>
        <translation>用户指南</translation>
    </message>
    <message>
        <source>CPU only (this LibTorch was built without CUDA)</source>
        <translation>仅 CPU（此 LibTorch 构建时未启用 CUDA）</translation>
    </message>
    <message>
        <source>CUDA %1; no GPU visible</source>
        <translation>CUDA %1；未检测到 GPU</translation>
    </message>
    <message>
        <source>CUDA %1; %2</source>
        <translation>CUDA %1；%2</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Transformer Workbench %1&lt;/h3&gt;&lt;p&gt;Build, train and understand Transformer models: translation, summarization and language modelling.&lt;/p&gt;&lt;p&gt;%2&lt;br&gt;Qt %3 (built with %4)&lt;br&gt;%5&lt;/p&gt;&lt;p&gt;Everything done here can also be done with the &lt;code&gt;tfw&lt;/code&gt; command; runs are stored in %6.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Transformer Workbench %1&lt;/h3&gt;&lt;p&gt;构建、训练并理解 Transformer 模型：机器翻译、摘要与语言模型。&lt;/p&gt;&lt;p&gt;%2&lt;br&gt;Qt %3（构建时为 %4）&lt;br&gt;%5&lt;/p&gt;&lt;p&gt;这里的一切操作也都可以用 &lt;code&gt;tfw&lt;/code&gt; 命令完成；运行保存在 %6。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>VocabularyEstimate</name>
    <message>
        <source>assuming the given sentencepiece model has tokenizer.vocab_size pieces</source>
        <translation>假定给定的 sentencepiece 模型有 tokenizer.vocab_size 个子词</translation>
    </message>
    <message>
        <source>upper bound: the word vocabulary is capped at tokenizer.vocab_size</source>
        <translation>上限：词级词表最多 tokenizer.vocab_size 个词</translation>
    </message>
    <message>
        <source>guess: assuming about %L1 words; the real vocabulary is built from the data</source>
        <translation>估计：假定约有 %L1 个词；实际词表由数据构建</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Build, train and understand Transformer models.</source>
        <translation>构建、训练并理解 Transformer 模型。</translation>
    </message>
    <message>
        <source>Experiment to open (default demo).</source>
        <translation>要打开的实验（默认：演示实验）。</translation>
    </message>
    <message>
        <source>Folder for run folders (default from the settings).</source>
        <translation>运行文件夹的存放位置（默认取自设置）。</translation>
    </message>
    <message>
        <source>Start training the experiment right away.</source>
        <translation>立即开始训练该实验。</translation>
    </message>
    <message>
        <source>Close the window after this many milliseconds (start-up check; a running run is stopped first).</source>
        <translation>在指定毫秒数后关闭窗口（用于启动检查；正在进行的运行会先被停止）。</translation>
    </message>
    <message>
        <source>Language of the window for this start: zh_CN, en (default: the settings, else the system&apos;s).</source>
        <translation>本次启动的界面语言：zh_CN、en（默认：取自设置，否则使用系统语言）。</translation>
    </message>
</context>
<context>
    <name>tfw::AttentionGrid</name>
    <message>
        <source>Mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>No attention to show yet</source>
        <translation>暂无可显示的注意力</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>L%1</source>
        <translation>L%1</translation>
    </message>
    <message>
        <source>off</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <source>Switch layer %1 head %2 back on</source>
        <translation>重新开启第 %1 层的头 %2</translation>
    </message>
    <message>
        <source>Switch layer %1 head %2 off</source>
        <translation>关闭第 %1 层的头 %2</translation>
    </message>
    <message>
        <source>Export grid…</source>
        <translation>导出网格…</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>grid</source>
        <translation>网格</translation>
    </message>
</context>
<context>
    <name>tfw::AttentionHeatmap</name>
    <message>
        <source>Click a cell of the grid to see it here</source>
        <translation>点击网格中的单元格，在此处查看</translation>
    </message>
    <message>
        <source>Too small to draw</source>
        <translation>太小，无法绘制</translation>
    </message>
    <message>
        <source>Point at a cell for its weight; click a row to highlight the tokens it attends to</source>
        <translation>指向单元格可查看其权重；点击某一行可高亮它所关注的词元</translation>
    </message>
    <message>
        <source>‘%1’ attends to ‘%2’: %3 (row %4, column %5)</source>
        <translation>‘%1’ 关注 ‘%2’：%3（第 %4 行，第 %5 列）</translation>
    </message>
    <message>
        <source>Row %1: ‘%2’ — click to highlight what it attends to</source>
        <translation>第 %1 行：‘%2’ — 点击以高亮它所关注的内容</translation>
    </message>
    <message>
        <source>Export heatmap…</source>
        <translation>导出热力图…</translation>
    </message>
    <message>
        <source>Clear row selection</source>
        <translation>清除行选择</translation>
    </message>
    <message>
        <source>heatmap</source>
        <translation>热力图</translation>
    </message>
</context>
<context>
    <name>tfw::AttentionInspector</name>
    <message>
        <source>All heads on</source>
        <translation>开启全部头</translation>
    </message>
    <message>
        <source>Which attention to show: the encoder reading the input, the decoder reading its own output so far, or the decoder reading the encoder&apos;s input (cross-attention).</source>
        <translation>要显示哪种注意力：编码器读取输入、解码器读取自身已生成的输出，或解码器读取编码器的输入（交叉注意力）。</translation>
    </message>
    <message>
        <source>Export grid…</source>
        <translation>导出网格…</translation>
    </message>
    <message>
        <source>Export heatmap…</source>
        <translation>导出热力图…</translation>
    </message>
    <message>
        <source>Save the grid as PNG, SVG or PDF</source>
        <translation>将网格保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Save the large heatmap as PNG, SVG or PDF</source>
        <translation>将大热力图保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Switch every head back on and decode again</source>
        <translation>重新开启所有头并再次解码</translation>
    </message>
    <message>
        <source>Click a cell to enlarge it. &lt;b&gt;Ctrl+click&lt;/b&gt; or double-click a head (or right-click it) to switch it off and decode again without it. Under each cell: the entropy of its attention, mean over query rows, in &lt;b&gt;nats&lt;/b&gt; (0: one token only; ln n: spread evenly over n). Rows are the tokens produced (decoder) or read (encoder), columns the tokens looked at.</source>
        <translation>点击单元格可将其放大。&lt;b&gt;Ctrl+点击&lt;/b&gt;或双击某个头（或右键点击它）可将其关闭，并在没有它的情况下重新解码。每个单元格下方：其注意力的熵，对各查询行取平均，单位为 &lt;b&gt;nats&lt;/b&gt;（0：只关注一个词元；ln n：均匀分布在 n 个词元上）。行是生成（解码器）或读取（编码器）的词元，列是被关注的词元。</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>mean over heads</source>
        <translation>各头平均</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>%1 · layer %2 · %3 · entropy %4 nats</source>
        <translation>%1 · 第 %2 层 · %3 · 熵 %4 nats</translation>
    </message>
    <message>
        <source>Click a cell to enlarge it. Under each cell: the entropy of its attention, mean over query rows, in &lt;b&gt;nats&lt;/b&gt; (0: one token only; ln n: spread evenly over n). Rows are the tokens produced (decoder) or read (encoder), columns the tokens looked at.</source>
        <translation>点击单元格可将其放大。每个单元格下方：其注意力的熵，对各查询行取平均，单位为 &lt;b&gt;nats&lt;/b&gt;（0：只关注一个词元；ln n：均匀分布在 n 个词元上）。行是生成（解码器）或读取（编码器）的词元，列是被关注的词元。</translation>
    </message>
    <message>
        <source>Weight by distance · %1</source>
        <translation>按距离的注意力权重 · %1</translation>
    </message>
    <message>
        <source>Weight by distance · %1 · positions: %2</source>
        <translation>按距离的注意力权重 · %1 · 位置编码：%2</translation>
    </message>
</context>
<context>
    <name>tfw::AttentionTimeline</name>
    <message>
        <source>The input whose attention is shown (train.probes)</source>
        <translation>显示其注意力的输入（train.probes）</translation>
    </message>
    <message>
        <source>The layer whose heads the entropy chart shows</source>
        <translation>熵图表所显示的头所在的层</translation>
    </message>
    <message>
        <source>Drag to see the attention at an earlier step of the training</source>
        <translation>拖动以查看训练中较早步数的注意力</translation>
    </message>
    <message>
        <source>step 10,000,000 (100 of 100)</source>
        <translation>第 10,000,000 步（100/100）</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>探针</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Reading the run&apos;s attention snapshots…</source>
        <translation>正在读取运行的注意力快照…</translation>
    </message>
    <message>
        <source>No run chosen.</source>
        <translation>未选择运行。</translation>
    </message>
    <message>
        <source>This run has no attention snapshots yet. They are taken with every validation (train.snapshot_every) of the probe inputs (train.probes).</source>
        <translation>此运行还没有注意力快照。快照会在每次验证时（train.snapshot_every）针对探针输入（train.probes）生成。</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>Head entropy over training (1: spread evenly, 0: on one token)</source>
        <translation>训练过程中的头熵（1：均匀分布，0：集中于一个词元）</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>normalised entropy</source>
        <translation>归一化熵</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>no snapshots</source>
        <translation>无快照</translation>
    </message>
    <message>
        <source>step %L1 (%2 of %3)</source>
        <translation>第 %L1 步（%2/%3）</translation>
    </message>
</context>
<context>
    <name>tfw::AverageDialog</name>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Average</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Average checkpoints of %1</source>
        <translation>平均 %1 的检查点</translation>
    </message>
    <message>
        <source>This run has %1 periodic checkpoints (steps %L2 to %L3). Their weights are averaged element by element; config and history come from the newest.</source>
        <translation>此运行有 %1 个周期性检查点（第 %L2 步至第 %L3 步）。它们的权重将逐元素平均；配置和历史记录取自最新的检查点。</translation>
    </message>
    <message>
        <source>last </source>
        <translation>最近 </translation>
    </message>
    <message>
        <source> checkpoints</source>
        <translation> 个检查点</translation>
    </message>
    <message>
        <source>Averaged checkpoint</source>
        <translation>平均后的检查点</translation>
    </message>
    <message>
        <source>Checkpoints (*.tfw)</source>
        <translation>检查点 (*.tfw)</translation>
    </message>
    <message>
        <source>Average the</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Write to</source>
        <translation>写入到</translation>
    </message>
    <message>
        <source>Best single checkpoint</source>
        <translation>最佳单个检查点</translation>
    </message>
    <message>
        <source>Averaged</source>
        <translation>平均后</translation>
    </message>
    <message>
        <source>Validation loss</source>
        <translation>验证损失</translation>
    </message>
    <message>
        <source>Validation perplexity</source>
        <translation>验证困惑度</translation>
    </message>
    <message>
        <source>Could not average: %1</source>
        <translation>无法平均：%1</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Choose a .tfw file to write the averaged checkpoint to.</source>
        <translation>请选择用于写入平均检查点的 .tfw 文件。</translation>
    </message>
    <message>
        <source>%1 (step %L2)</source>
        <translation>%1（第 %L2 步）</translation>
    </message>
    <message>
        <source>Average of %1 (steps %L2–%L3)</source>
        <translation>%1 的平均（第 %L2–%L3 步）</translation>
    </message>
    <message>
        <source>Wrote %1. Both checkpoints were added to the Compare tab.</source>
        <translation>已写入 %1。两个检查点均已添加到“比较”选项卡。</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>This run has no periodic checkpoints; averaging needs two or more. They are written every &lt;code&gt;train.save_every&lt;/code&gt; steps.</source>
        <translation>此运行没有周期性检查点；平均至少需要两个。检查点每 &lt;code&gt;train.save_every&lt;/code&gt; 步写入一次。</translation>
    </message>
    <message>
        <source>This run has one periodic checkpoint; averaging needs two or more. They are written every &lt;code&gt;train.save_every&lt;/code&gt; steps.</source>
        <translation>此运行只有一个周期性检查点；平均至少需要两个。检查点每 &lt;code&gt;train.save_every&lt;/code&gt; 步写入一次。</translation>
    </message>
</context>
<context>
    <name>tfw::ChecksDialog</name>
    <message>
        <source>Run all checks</source>
        <translation>运行全部检查</translation>
    </message>
    <message>
        <source>Quick checks</source>
        <translation>快速检查</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Sanity checks</source>
        <translation>合理性检查</translation>
    </message>
    <message>
        <source>Initial loss, overfitting one batch, causal leak, gradient norms per layer, attention entropy per head and the data checks</source>
        <translation>初始损失、单批次过拟合、因果泄漏、各层梯度范数、各头注意力熵以及数据检查</translation>
    </message>
    <message>
        <source>The checks that run before every training: initial loss, causal leak and the data</source>
        <translation>每次训练前运行的检查：初始损失、因果泄漏和数据</translation>
    </message>
    <message>
        <source>none: a freshly initialised model</source>
        <translation>无：刚初始化的模型</translation>
    </message>
    <message>
        <source>A trained checkpoint (.tfw) whose weights the model checks use; attention entropy says most about a trained model</source>
        <translation>模型检查所使用权重的已训练检查点（.tfw）；注意力熵对已训练模型最有参考意义</translation>
    </message>
    <message>
        <source>Choose a checkpoint</source>
        <translation>选择检查点</translation>
    </message>
    <message>
        <source>Trained weights:</source>
        <translation>已训练权重：</translation>
    </message>
    <message>
        <source>Checking: %1</source>
        <translation>正在检查：%1</translation>
    </message>
    <message>
        <source>Cancelled: the checks that ran are shown.</source>
        <translation>已取消：显示已运行的检查。</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>完成。</translation>
    </message>
    <message>
        <source>The experiment could not be prepared.</source>
        <translation>无法准备该实验。</translation>
    </message>
    <message>
        <source>Checks of the experiment &lt;b&gt;%1&lt;/b&gt; as it is in the form.</source>
        <translation>按表单中的当前设置检查实验 &lt;b&gt;%1&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>Preparing the data and the model…</source>
        <translation>正在准备数据和模型…</translation>
    </message>
    <message>
        <source>Trained weights</source>
        <translation>已训练权重</translation>
    </message>
    <message>
        <source>Checkpoints (*.tfw)</source>
        <translation>检查点 (*.tfw)</translation>
    </message>
</context>
<context>
    <name>tfw::ChecksView</name>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查项</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测值</translation>
    </message>
    <message>
        <source>Select a check to read what it measures and what a failure usually means.</source>
        <translation>选择一项检查，查看它测量的内容以及失败通常意味着什么。</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message numerus="yes">
        <source>%n passed</source>
        <translation>
            <numerusform>%n 项通过</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 项警告</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n 项失败</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n skipped</source>
        <translation>
            <numerusform>%n 项跳过</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tfw::CompareCurves</name>
    <message>
        <source>optimizer step</source>
        <translation>优化器步数</translation>
    </message>
    <message>
        <source>target tokens seen</source>
        <translation>已见目标词元数</translation>
    </message>
    <message>
        <source>training time (minutes)</source>
        <translation>训练时间（分钟）</translation>
    </message>
    <message>
        <source>Align by:</source>
        <translation>对齐依据：</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Training loss</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <source>nats per token (label-smoothed)</source>
        <translation>每词元 nat 数（经标签平滑）</translation>
    </message>
    <message>
        <source>Validation loss</source>
        <translation>验证损失</translation>
    </message>
    <message>
        <source>nats per token</source>
        <translation>每词元 nat 数</translation>
    </message>
    <message>
        <source>Validation perplexity</source>
        <translation>验证困惑度</translation>
    </message>
    <message>
        <source>exp(loss)</source>
        <translation>exp(loss)</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
</context>
<context>
    <name>tfw::ComparePane</name>
    <message>
        <source>Add run or checkpoint…</source>
        <translation>添加运行或检查点…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Show all fields</source>
        <translation>显示所有字段</translation>
    </message>
    <message>
        <source>Compared runs and checkpoints; each keeps its colour in every table and chart</source>
        <translation>参与比较的运行和检查点；每一项在所有表格和图表中保持同一颜色</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <source>Read every item again now (runs still training are re-read every 20 s)</source>
        <translation>立即重新读取所有项（仍在训练的运行每 20 秒重新读取一次）</translation>
    </message>
    <message>
        <source>List every configuration key; the differing ones stay highlighted</source>
        <translation>列出所有配置键；不同的键保持高亮</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Curves</source>
        <translation>曲线</translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation>并排对比</translation>
    </message>
    <message>
        <source>Cannot read the sweep: %1</source>
        <translation>无法读取扫描：%1</translation>
    </message>
    <message>
        <source>Cannot compare %1: %2</source>
        <translation>无法比较 %1：%2</translation>
    </message>
    <message>
        <source>Add a run folder or checkpoint to compare</source>
        <translation>添加要比较的运行文件夹或检查点</translation>
    </message>
    <message>
        <source>Checkpoints (*.tfw);;Run configuration (config.json);;Sweep (sweep.json)</source>
        <translation>检查点 (*.tfw);;运行配置 (config.json);;扫描 (sweep.json)</translation>
    </message>
    <message>
        <source>Pick .tfw checkpoints, a run&apos;s config.json to add the whole run, or a sweep&apos;s sweep.json to add its finished runs</source>
        <translation>选择 .tfw 检查点；选择运行的 config.json 可添加整个运行；选择扫描的 sweep.json 可添加其已完成的运行</translation>
    </message>
    <message>
        <source>one item</source>
        <translation>1 项</translation>
    </message>
    <message>
        <source>%1 items</source>
        <translation>%1 项</translation>
    </message>
    <message>
        <source>Add two or more runs or checkpoints: select runs in the Runs tab and press Compare, or use &quot;Add run or checkpoint…&quot;.</source>
        <translation>请添加两个或更多运行或检查点：在“运行”选项卡中选中运行后点击“比较”，或使用“添加运行或检查点…”。</translation>
    </message>
    <message>
        <source>The configurations are identical.</source>
        <translation>配置完全相同。</translation>
    </message>
    <message>
        <source>All %1 keys; the %2 that differ are highlighted.</source>
        <translation>全部 %1 个键；不同的 %2 个已高亮。</translation>
    </message>
    <message>
        <source>1 key differs; tick &quot;Show all fields&quot; for the rest.</source>
        <translation>1 个键不同；勾选“显示所有字段”可查看其余键。</translation>
    </message>
    <message>
        <source>%1 keys differ; tick &quot;Show all fields&quot; for the rest.</source>
        <translation>%1 个键不同；勾选“显示所有字段”可查看其余键。</translation>
    </message>
    <message>
        <source>Reading %1… &lt;a href=&apos;#stop&apos;&gt;Stop&lt;/a&gt;</source>
        <translation>正在读取 %1… &lt;a href=&apos;#stop&apos;&gt;停止&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Export scalars…</source>
        <translation>导出标量…</translation>
    </message>
    <message>
        <source>Write the compared runs&apos; curves and scores as CSV or JSON, as TensorBoard does</source>
        <translation>将所比较运行的曲线和分数写为 CSV 或 JSON（与 TensorBoard 相同的格式）</translation>
    </message>
</context>
<context>
    <name>tfw::ConfigSummary</name>
    <message>
        <source>Before you start</source>
        <translation>开始之前</translation>
    </message>
    <message>
        <source>Parameters:</source>
        <translation>参数量：</translation>
    </message>
    <message>
        <source>Tokens per step:</source>
        <translation>每步词元数：</translation>
    </message>
    <message>
        <source>Training memory:</source>
        <translation>训练内存：</translation>
    </message>
    <message>
        <source>%L1 × %L2 = %L3</source>
        <translation>%L1 × %L2 = %L3</translation>
    </message>
    <message>
        <source>train.batch_tokens × train.accumulate: source and target tokens that contribute to one optimizer step.</source>
        <translation>train.batch_tokens × train.accumulate：参与一次优化器步的源端和目标端词元数。</translation>
    </message>
    <message>
        <source>Weights %1, gradients and optimizer state %2, activations of one batch %3 (fp32; a rough estimate).</source>
        <translation>权重 %1，梯度和优化器状态 %2，单个批次的激活值 %3（fp32；粗略估计）。</translation>
    </message>
    <message>
        <source>peak %1 at step %L2; reaches 0 when train.max_minutes (%3) run out, at whatever step that is on this machine</source>
        <translation>峰值 %1（第 %L2 步）；train.max_minutes（%3）用尽时降至 0，具体是第几步取决于本机</translation>
    </message>
    <message>
        <source>peak %1 at step %L2; first %L3 steps (train.max_steps not set)</source>
        <translation>峰值 %1（第 %L2 步）；显示前 %L3 步（未设置 train.max_steps）</translation>
    </message>
    <message>
        <source>peak %1 at step %L2, over the %L3 steps the run plans</source>
        <translation>峰值 %1（第 %L2 步），共运行计划的 %L3 步</translation>
    </message>
    <message>
        <source>peak %1 at step %L2, over at most %L3 steps (train.max_steps; the data and train.epochs may end the run sooner)</source>
        <translation>峰值 %1（第 %L2 步），最多 %L3 步（train.max_steps；数据量和 train.epochs 可能让运行更早结束）</translation>
    </message>
    <message>
        <source>Generation cache:</source>
        <translation>生成缓存：</translation>
    </message>
    <message>
        <source>Gated feed-forward: model.ffn_dim %L1 (2/3 × 4 × d_model, to a multiple of 8) keeps the parameter count of an ungated block of 4 × d_model; now %L2.</source>
        <translation>门控前馈：model.ffn_dim 取 %L1（2/3 × 4 × d_model，取 8 的倍数）时，参数量与宽度为 4 × d_model 的非门控块相同；当前为 %L2。</translation>
    </message>
    <message>
        <source>%1 per %L2 tokens</source>
        <translation>每 %L2 个词元 %1</translation>
    </message>
    <message>
        <source>Keys and values every decoder layer keeps while generating (fp32): %1 per token, %2 of %3 heads store them (model.kv_heads). Beam search keeps one sequence per hypothesis.</source>
        <translation>生成时每个解码器层保存的键和值（fp32）：每个词元 %1，%3 个头中有 %2 个存储它们（model.kv_heads）。束搜索为每个假设保存一条序列。</translation>
    </message>
</context>
<context>
    <name>tfw::DataDownloadDialog</name>
    <message>
        <source>Download</source>
        <translation>下载</translation>
    </message>
    <message>
        <source>Get data: %1</source>
        <translation>获取数据：%1</translation>
    </message>
    <message>
        <source>Dataset:</source>
        <translation>数据集：</translation>
    </message>
    <message>
        <source>Licence:</source>
        <translation>许可：</translation>
    </message>
    <message>
        <source>Please cite:</source>
        <translation>请引用：</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <source>Into:</source>
        <translation>保存到：</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>大小：</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s), %1 of text</source>
        <translation>
            <numerusform>%n 个文件，文本共 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Each file is checked against its pinned SHA-256 sum before it is put in place.</source>
        <translation>每个文件在放入目标位置之前，都会与固定的 SHA-256 校验和进行比对。</translation>
    </message>
    <message>
        <source>This build of the workbench cannot download (it was built without libcurl). Copy the files into %1 by hand.</source>
        <translation>此版本的工作台无法下载（构建时没有 libcurl）。请手动将文件复制到 %1。</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在开始…</translation>
    </message>
    <message>
        <source>File %1 of %2</source>
        <translation>第 %1 个文件，共 %2 个</translation>
    </message>
    <message>
        <source>checking %1</source>
        <translation>正在校验 %1</translation>
    </message>
    <message>
        <source>%1, %2 of %3</source>
        <translation>%1，%2 / %3</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>%1 verified</source>
        <translation>%1 已校验</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Cancelled. What was downloaded is kept; the next download resumes it.</source>
        <translation>已取消。已下载的部分会保留，下次下载时从中断处继续。</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
</context>
<context>
    <name>tfw::DecodeOptionsForm</name>
    <message>
        <source>Beam search</source>
        <translation>束搜索</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>Greedy</source>
        <translation>贪心</translation>
    </message>
    <message>
        <source>Greedy: take the most likely token at every step.
Beam search: keep several partial outputs and return the best scoring ones.
Sampling: draw each token at random from the model&apos;s distribution.</source>
        <translation>贪心：每一步选取概率最高的词元。
束搜索：保留多个部分输出，返回得分最高的若干个。
采样：从模型的分布中随机抽取每个词元。</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>Cannot decode with these options: %1.</source>
        <translation>无法使用这些选项解码：%1。</translation>
    </message>
</context>
<context>
    <name>tfw::DistanceChart</name>
    <message>
        <source>distance back from the query (tokens)</source>
        <translation>从查询往回的距离（词元）</translation>
    </message>
    <message>
        <source>mean weight</source>
        <translation>平均权重</translation>
    </message>
</context>
<context>
    <name>tfw::EvaluationPane</name>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Decode as the checkpoint&apos;s experiment says</source>
        <translation>按检查点所属实验的设置解码</translation>
    </message>
    <message>
        <source>Evaluate</source>
        <translation>评估</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>The checkpoint to evaluate: any checkpoint of a run under the runs folder, or a file (Browse…).</source>
        <translation>要评估的检查点：运行目录下任一运行的任一检查点，或某个文件（浏览…）。</translation>
    </message>
    <message>
        <source>Test set of the experiment</source>
        <translation>实验的测试集</translation>
    </message>
    <message>
        <source>Validation set of the experiment</source>
        <translation>实验的验证集</translation>
    </message>
    <message>
        <source>Other files…</source>
        <translation>其他文件…</translation>
    </message>
    <message>
        <source>The experiment&apos;s own test or validation files (as named in its data section), or any other pair of aligned files.</source>
        <translation>实验自身的测试或验证文件（即其数据部分中指定的文件），或任意一对对齐的文件。</translation>
    </message>
    <message>
        <source>inputs, one per line (language model: the text)</source>
        <translation>输入，每行一条（语言模型：即文本）</translation>
    </message>
    <message>
        <source>references, line i pairs with input line i</source>
        <translation>参考，第 i 行对应输入的第 i 行</translation>
    </message>
    <message>
        <source>Inputs:</source>
        <translation>输入：</translation>
    </message>
    <message>
        <source>References:</source>
        <translation>参考：</translation>
    </message>
    <message>
        <source>Results kept in the run folder (evals/); pick one to show it again.</source>
        <translation>保存在运行文件夹（evals/）中的结果；选择一项即可重新显示。</translation>
    </message>
    <message>
        <source>&lt;i&gt;Pick a checkpoint and a test set, then Evaluate.&lt;/i&gt;</source>
        <translation>&lt;i&gt;选择检查点和测试集，然后点击“评估”。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Use the decode section of the experiment the checkpoint was trained with; untick to choose the options here.</source>
        <translation>使用训练该检查点时所用实验的解码部分；取消勾选则在此处选择选项。</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>源文本</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>参考</translation>
    </message>
    <message>
        <source>Double-click a sentence to open it in the Inference area, with its attention.</source>
        <translation>双击句子可在推理区域中打开它，并显示其注意力。</translation>
    </message>
    <message>
        <source>Decoding</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>Checkpoint:</source>
        <translation>检查点：</translation>
    </message>
    <message>
        <source>Test set:</source>
        <translation>测试集：</translation>
    </message>
    <message>
        <source>Saved results:</source>
        <translation>已保存结果：</translation>
    </message>
    <message>
        <source>Sentences sorted worst first (click a header to sort). Double-click one to open it in the Inference area.</source>
        <translation>句子按从差到好排列（点击表头可排序）。双击句子可在推理区域中打开。</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>References</source>
        <translation>参考</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Evaluate a checkpoint</source>
        <translation>评估检查点</translation>
    </message>
    <message>
        <source>Checkpoints (*.tfw);;All files (*)</source>
        <translation>检查点 (*.tfw);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Pick a checkpoint first.</source>
        <translation>请先选择检查点。</translation>
    </message>
    <message>
        <source>Choose the file of inputs.</source>
        <translation>请选择输入文件。</translation>
    </message>
    <message>
        <source>Decode the test set and score it</source>
        <translation>解码测试集并计算得分</translation>
    </message>
    <message>
        <source>Loading the checkpoint…</source>
        <translation>正在加载检查点…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>%v / %m sentences</source>
        <translation>%v / %m 句</translation>
    </message>
    <message>
        <source>%1 elapsed</source>
        <translation>已用时 %1</translation>
    </message>
    <message>
        <source>, about %1 left</source>
        <translation>，约剩 %1</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Evaluation kept in %1</source>
        <translation>评估结果已保存到 %1</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Evaluation failed</source>
        <translation>评估失败</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>暂无</translation>
    </message>
    <message>
        <source>Cannot show the result</source>
        <translation>无法显示结果</translation>
    </message>
    <message>
        <source>%1 is not a readable result.</source>
        <translation>%1 不是可读取的结果。</translation>
    </message>
    <message>
        <source>perplexity</source>
        <translation>困惑度</translation>
    </message>
    <message>
        <source>reference perplexity</source>
        <translation>参考困惑度</translation>
    </message>
    <message>
        <source>per word</source>
        <translation>每词</translation>
    </message>
    <message>
        <source>%1 tokens per word</source>
        <translation>每词 %1 个词元</translation>
    </message>
    <message>
        <source>%1 sentences of %2 (%3) with %4 in %5</source>
        <translation>%2（%3）中的 %1 个句子，使用 %4，用时 %5</translation>
    </message>
    <message>
        <source>teacher forcing</source>
        <translation>教师强制</translation>
    </message>
    <message>
        <source>beam %1</source>
        <translation>束宽 %1</translation>
    </message>
    <message>
        <source>Kept in %1</source>
        <translation>保存在 %1</translation>
    </message>
    <message>
        <source>score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>Length extrapolation…</source>
        <translation>长度外推…</translation>
    </message>
    <message>
        <source>Language models: perplexity on this text in windows longer than the model trained on, plotted for one checkpoint after another.</source>
        <translation>语言模型：在比训练时更长的窗口上计算此文本的困惑度，可逐个检查点绘制在同一张图上。</translation>
    </message>
</context>
<context>
    <name>tfw::ExperimentForm</name>
    <message>
        <source>Experiment</source>
        <translation>实验</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Decoding</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Vary in a sweep…</source>
        <translation>在扫描中改变取值…</translation>
    </message>
    <message>
        <source>The experiment cannot start yet:</source>
        <translation>实验尚无法开始：</translation>
    </message>
    <message>
        <source>auto → bf16 on this CPU: it runs bf16 natively (%1)</source>
        <translation>auto → 在这颗 CPU 上用 bf16：它原生支持 bf16（%1）</translation>
    </message>
    <message>
        <source>auto → fp32 on this CPU: it has no native bf16 (bf16 would be many times slower)</source>
        <translation>auto → 在这颗 CPU 上用 fp32：它没有原生 bf16（bf16 会慢很多倍）</translation>
    </message>
    <message>
        <source>auto → bf16 on the GPU (%1 runs bf16 natively)</source>
        <translation>auto → 在 GPU 上用 bf16（%1 原生支持 bf16）</translation>
    </message>
    <message>
        <source>auto → fp32 on the GPU (%1 has no native bf16)</source>
        <translation>auto → 在 GPU 上用 fp32（%1 没有原生 bf16）</translation>
    </message>
    <message>
        <source>cuda — no GPU visible; auto uses the CPU</source>
        <translation>cuda — 看不到 GPU；auto 将使用 CPU</translation>
    </message>
    <message>
        <source>cuda — no GPU found (CPU-only LibTorch); auto uses the CPU</source>
        <translation>cuda — 未找到 GPU（仅支持 CPU 的 LibTorch）；auto 将使用 CPU</translation>
    </message>
    <message>
        <source>cuda — %1, %2; auto uses it</source>
        <translation>cuda — %1，%2；auto 将使用它</translation>
    </message>
    <message>
        <source>cuda — %1, %2 (the first of %3 GPUs); auto uses it</source>
        <translation>cuda — %1，%2（%3 块 GPU 中的第一块）；auto 将使用它</translation>
    </message>
</context>
<context>
    <name>tfw::ExperimentPane</name>
    <message>
        <source>choose a preset</source>
        <translation>选择预设</translation>
    </message>
    <message>
        <source>Start from a ready-made experiment; every field can be changed.</source>
        <translation>从现成的实验开始；所有字段均可修改。</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <source>Load an experiment from a JSON file</source>
        <translation>从 JSON 文件加载实验</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <source>Save the experiment as JSON (usable with tfw train --config)</source>
        <translation>将实验保存为 JSON（可用于 tfw train --config）</translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Open experiment</source>
        <translation>打开实验</translation>
    </message>
    <message>
        <source>Could not load %1:
%2</source>
        <translation>无法加载 %1：
%2</translation>
    </message>
    <message>
        <source>Save experiment</source>
        <translation>保存实验</translation>
    </message>
    <message>
        <source>Could not save %1:
%2</source>
        <translation>无法保存 %1：
%2</translation>
    </message>
    <message>
        <source>Experiment (*.json)</source>
        <translation>实验 (*.json)</translation>
    </message>
</context>
<context>
    <name>tfw::ExtrapolationChart</name>
    <message>
        <source>Perplexity by window length</source>
        <translation>不同窗口长度下的困惑度</translation>
    </message>
    <message>
        <source>window (tokens, log scale)</source>
        <translation>窗口（词元，对数刻度）</translation>
    </message>
    <message>
        <source>perplexity</source>
        <translation>困惑度</translation>
    </message>
</context>
<context>
    <name>tfw::ExtrapolationDialog</name>
    <message>
        <source>Measure</source>
        <translation>测量</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Length extrapolation</source>
        <translation>长度外推</translation>
    </message>
    <message>
        <source>Window lengths in tokens, separated by commas; auto = 1x, 2x and 4x the window the model trained on (data.max_tgt_len).</source>
        <translation>窗口长度（词元数），用逗号分隔；auto 表示训练窗口（data.max_tgt_len）的 1 倍、2 倍和 4 倍。</translation>
    </message>
    <message>
        <source>How a language model copes with longer contexts than it trained on: the same text is scored in windows of each length, every window from its own start. Sinusoidal and learned positions meet positions they never saw and usually get worse; rope and alibi depend on distances only and usually hold. Measure several checkpoints to draw them together.</source>
        <translation>语言模型如何应对比训练时更长的上下文：同一段文本按每种长度切成窗口评分，每个窗口从头开始。正弦和可学习位置会遇到从未见过的位置，通常变差；rope 和 alibi 只依赖距离，通常能保持。测量多个检查点可把它们画在一起。</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>Perplexity</source>
        <translation>困惑度</translation>
    </message>
    <message>
        <source>Per word</source>
        <translation>按词</translation>
    </message>
    <message>
        <source>Checkpoint:</source>
        <translation>检查点：</translation>
    </message>
    <message>
        <source>Windows:</source>
        <translation>窗口：</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>This checkpoint is a sequence-to-sequence model; length extrapolation is measured on language models.</source>
        <translation>此检查点是序列到序列模型；长度外推只对语言模型测量。</translation>
    </message>
    <message>
        <source>Windows must be token counts of at least 2 separated by commas, or auto.</source>
        <translation>窗口必须是用逗号分隔、至少为 2 的词元数，或 auto。</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Measured %1: the dashed line marks the window it trained on; the plotted value is perplexity per word where the tokenizer splits words, else per token.</source>
        <translation>已测量 %1：虚线标出其训练窗口；若分词器按词切分，图中为按词困惑度，否则为按词元困惑度。</translation>
    </message>
</context>
<context>
    <name>tfw::FieldEditor</name>
    <message>
        <source>folder, or drop one</source>
        <translation>文件夹，或拖放到此处</translation>
    </message>
    <message>
        <source>file, or drop one</source>
        <translation>文件，或拖放到此处</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Choose a file</source>
        <translation>选择文件</translation>
    </message>
    <message>
        <source>Vary in a sweep…</source>
        <translation>在扫描中改变取值…</translation>
    </message>
    <message>
        <source>Choose %1</source>
        <translation>选择 %1</translation>
    </message>
</context>
<context>
    <name>tfw::InferencePane</name>
    <message>
        <source>Open file…</source>
        <translation>打开文件…</translation>
    </message>
    <message>
        <source>Decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Choose a checkpoint…</source>
        <translation>选择检查点…</translation>
    </message>
    <message>
        <source>The checkpoints of the runs in the runs folder: best (lowest validation loss), last, and periodic step-N</source>
        <translation>运行目录中各运行的检查点：best（验证损失最低）、last，以及定期保存的 step-N</translation>
    </message>
    <message>
        <source>Load a checkpoint file (.tfw) from anywhere</source>
        <translation>从任意位置加载检查点文件（.tfw）</translation>
    </message>
    <message>
        <source>Type or paste the input here</source>
        <translation>在此输入或粘贴内容</translation>
    </message>
    <message>
        <source>Optional: the expected output, to score against</source>
        <translation>可选：期望的输出，用于计算得分</translation>
    </message>
    <message>
        <source>Decode the input with these options (Ctrl+Return)</source>
        <translation>使用这些选项解码输入（Ctrl+Return）</translation>
    </message>
    <message>
        <source>Stop the decoding; the output so far is shown</source>
        <translation>停止解码；显示目前已生成的输出</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>Normalized</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>参考</translation>
    </message>
    <message>
        <source>Sum of the output tokens&apos; log-probabilities (end of sentence included)</source>
        <translation>输出词元的对数概率之和（含句末）</translation>
    </message>
    <message>
        <source>The score divided by the length penalty: what beam search ranks by</source>
        <translation>得分除以长度惩罚：束搜索据此排序</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <source>Input pieces</source>
        <translation>输入子词</translation>
    </message>
    <message>
        <source>Output pieces</source>
        <translation>输出子词</translation>
    </message>
    <message>
        <source>(no checkpoints under the runs folder)</source>
        <translation>（运行目录下没有检查点）</translation>
    </message>
    <message>
        <source>Open checkpoint</source>
        <translation>打开检查点</translation>
    </message>
    <message>
        <source>Checkpoints (*.tfw);;All files (*)</source>
        <translation>检查点 (*.tfw);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Choose a checkpoint first.</source>
        <translation>请先选择检查点。</translation>
    </message>
    <message>
        <source>Type an input to decode first.</source>
        <translation>请先输入要解码的内容。</translation>
    </message>
    <message>
        <source>step %v of at most %m</source>
        <translation>第 %v 步，最多 %m 步</translation>
    </message>
    <message>
        <source>Loaded %1</source>
        <translation>已加载 %1</translation>
    </message>
    <message>
        <source>Could not load %1: %2</source>
        <translation>无法加载 %1：%2</translation>
    </message>
    <message>
        <source>%1
(stopped before the end of sentence)</source>
        <translation>%1
（在句末之前停止）</translation>
    </message>
    <message numerus="yes">
        <source>%n output(s) in %1 s</source>
        <translation>
            <numerusform>%n 个输出，用时 %1 秒</numerusform>
        </translation>
    </message>
    <message>
        <source> · cancelled: outputs stop where decoding stopped</source>
        <translation> · 已取消：输出停在解码停止之处</translation>
    </message>
    <message numerus="yes">
        <source> · %n head(s) switched off</source>
        <translation>
            <numerusform> · 已关闭 %n 个注意力头</numerusform>
        </translation>
    </message>
    <message>
        <source>Decoding failed: %1</source>
        <translation>解码失败：%1</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Source sentence</source>
        <translation>源句</translation>
    </message>
    <message>
        <source>Reference translation (optional: sentence BLEU)</source>
        <translation>参考译文（可选：句子 BLEU）</translation>
    </message>
    <message>
        <source>Article</source>
        <translation>文章</translation>
    </message>
    <message>
        <source>Reference summary (optional: ROUGE)</source>
        <translation>参考摘要（可选：ROUGE）</translation>
    </message>
    <message>
        <source>Prompt (the model continues it)</source>
        <translation>提示（模型将续写）</translation>
    </message>
    <message>
        <source>%1 of %2 words are unknown to this model&apos;s vocabulary (%3%): the output says little about the model. Try sentences like those it was trained on.</source>
        <translation>%2 个词中有 %1 个不在该模型的词表中（%3%）：这样的输出说明不了模型的好坏。请试试与训练数据相似的句子。</translation>
    </message>
    <message>
        <source>Cannot decode with these options: %1.</source>
        <translation>无法使用这些选项解码：%1。</translation>
    </message>
</context>
<context>
    <name>tfw::InferenceWorker</name>
    <message>
        <source>No checkpoint is loaded.</source>
        <translation>尚未加载检查点。</translation>
    </message>
</context>
<context>
    <name>tfw::LiveChart</name>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>waiting for data</source>
        <translation>等待数据</translation>
    </message>
    <message>
        <source>Logarithmic scale</source>
        <translation>对数刻度</translation>
    </message>
    <message>
        <source>Reset view</source>
        <translation>重置视图</translation>
    </message>
    <message>
        <source>Export image…</source>
        <translation>导出图像…</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;PDF 文档 (*.pdf);;SVG 图形 (*.svg)</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
</context>
<context>
    <name>tfw::LogView</name>
    <message>
        <source>Messages from the trainer appear here.</source>
        <translation>训练器的消息显示在此处。</translation>
    </message>
    <message>
        <source>warning: </source>
        <translation>警告：</translation>
    </message>
    <message>
        <source>error: </source>
        <translation>错误：</translation>
    </message>
</context>
<context>
    <name>tfw::MainWindow</name>
    <message>
        <source>Transformer Workbench</source>
        <translation>Transformer Workbench</translation>
    </message>
    <message>
        <source>Experiment</source>
        <translation>实验</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>Evaluate</source>
        <translation>评估</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Ablations</source>
        <translation>消融</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>The quick checks that ran before this training run.</source>
        <translation>本次训练运行开始前执行的快速检查。</translation>
    </message>
    <message>
        <source>Training · step %L1</source>
        <translation>训练中 · 第 %L1 步</translation>
    </message>
    <message>
        <source>Sweep running</source>
        <translation>扫描进行中</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New from preset</source>
        <translation>从预设新建(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open experiment…</source>
        <translation>打开实验(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save experiment as…</source>
        <translation>实验另存为(&amp;S)…</translation>
    </message>
    <message>
        <source>Open &amp;run folder…</source>
        <translation>打开运行文件夹(&amp;R)…</translation>
    </message>
    <message>
        <source>Recent &amp;runs</source>
        <translation>最近的运行(&amp;R)</translation>
    </message>
    <message>
        <source>Runs &amp;folder…</source>
        <translation>运行目录(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Data folder…</source>
        <translation>数据文件夹(&amp;D)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Sanity &amp;checks</source>
        <translation>合理性检查(&amp;C)</translation>
    </message>
    <message>
        <source>Check the experiment before training: initial loss, overfitting one batch, causal leak, gradient norms, attention entropy and the data</source>
        <translation>训练前检查实验：初始损失、单批次过拟合、因果泄漏、梯度范数、注意力熵以及数据</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Tokenization inspector…</source>
        <translation>分词检查器(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>The new language is used from the next start.</source>
        <translation>新语言将在下次启动时生效。</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Transformer Workbench</source>
        <translation>关于 Transformer Workbench(&amp;A)</translation>
    </message>
    <message>
        <source>About Transformer Workbench</source>
        <translation>关于 Transformer Workbench</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>Cannot start: %1</source>
        <translation>无法开始：%1</translation>
    </message>
    <message>
        <source>Training…</source>
        <translation>训练中…</translation>
    </message>
    <message>
        <source>Stopping, saving a checkpoint…</source>
        <translation>正在停止，保存检查点…</translation>
    </message>
    <message>
        <source>A sweep is running</source>
        <translation>扫描正在进行</translation>
    </message>
    <message>
        <source>Stop the sweep and quit?
Its runs save a checkpoint; open the sweep folder in the Ablations tab later to resume it.</source>
        <translation>停止扫描并退出？
其中的运行会保存检查点；之后可在“消融”选项卡中打开扫描文件夹以继续。</translation>
    </message>
    <message>
        <source>Stopping the sweep, saving checkpoints…</source>
        <translation>正在停止扫描，保存检查点…</translation>
    </message>
    <message>
        <source>Training is running</source>
        <translation>训练正在进行</translation>
    </message>
    <message>
        <source>Stop the run and quit?
The trainer saves a last checkpoint, so the run can be resumed later.</source>
        <translation>停止运行并退出？
训练器会保存最后一个检查点，之后可以继续该运行。</translation>
    </message>
    <message>
        <source>Preset %1 loaded</source>
        <translation>已加载预设 %1</translation>
    </message>
    <message>
        <source>Open run folder</source>
        <translation>打开运行文件夹</translation>
    </message>
    <message>
        <source>Open run</source>
        <translation>打开运行</translation>
    </message>
    <message>
        <source>%1 is not a run folder (it has no config.json).</source>
        <translation>%1 不是运行文件夹（其中没有 config.json）。</translation>
    </message>
    <message>
        <source>Runs folder</source>
        <translation>运行目录</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>数据文件夹</translation>
    </message>
    <message>
        <source>A run is in progress</source>
        <translation>有运行正在进行</translation>
    </message>
    <message>
        <source>Train the experiment in a new run folder under %1</source>
        <translation>在 %1 下新建运行文件夹并训练该实验</translation>
    </message>
    <message>
        <source>Last run failed</source>
        <translation>上次运行失败</translation>
    </message>
    <message>
        <source>&amp;User guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>Last run diverged</source>
        <translation>上次运行已发散</translation>
    </message>
    <message>
        <source>&amp;Export report…</source>
        <translation>导出报告(&amp;E)…</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>Selected runs (%1)</source>
        <translation>选中的运行（%1）</translation>
    </message>
    <message>
        <source>Compared runs (%1)</source>
        <translation>对比中的运行（%1）</translation>
    </message>
    <message>
        <source>Ablation %1</source>
        <translation>消融 %1</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>There is no run to report on yet: train one, or open a run folder.</source>
        <translation>还没有可以生成报告的运行：请先训练一次，或打开一个运行文件夹。</translation>
    </message>
</context>
<context>
    <name>tfw::MissingDataBar</name>
    <message>
        <source>Get data…</source>
        <translation>获取数据…</translation>
    </message>
    <message numerus="yes">
        <source>%n data file(s) missing from %1: %2</source>
        <translation>
            <numerusform>%1 中缺少 %n 个数据文件：%2</numerusform>
        </translation>
    </message>
    <message>
        <source>Download %1 into %2</source>
        <translation>将 %1 下载到 %2</translation>
    </message>
</context>
<context>
    <name>tfw::PieceChips</name>
    <message numerus="yes">
        <source>%n piece(s)</source>
        <translation>
            <numerusform>%n 个子词</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n unknown (&lt;unk&gt;, in red)</source>
        <translation>
            <numerusform>，%n 个未知（&lt;unk&gt;，红色显示）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tfw::PiecesPerWordChart</name>
    <message>
        <source>Pieces per word</source>
        <translation>每词子词数</translation>
    </message>
    <message>
        <source>pieces a word is cut into</source>
        <translation>一个词被切分成的子词数</translation>
    </message>
    <message>
        <source>% of words</source>
        <translation>词占比 (%)</translation>
    </message>
</context>
<context>
    <name>tfw::ReportDialog</name>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>from the experiment&apos;s name</source>
        <translation>取自实验名称</translation>
    </message>
    <message>
        <source>the run&apos;s attention probe, else its first validation input</source>
        <translation>运行的注意力探针，没有则用第一条验证输入</translation>
    </message>
    <message>
        <source>HTML, Markdown and LaTeX</source>
        <translation>HTML、Markdown 和 LaTeX</translation>
    </message>
    <message>
        <source>HTML (figures as SVG)</source>
        <translation>HTML（图为 SVG）</translation>
    </message>
    <message>
        <source>Markdown (figures as SVG)</source>
        <translation>Markdown（图为 SVG）</translation>
    </message>
    <message>
        <source>LaTeX for XeLaTeX (figures as PDF)</source>
        <translation>LaTeX，用 XeLaTeX 编译（图为 PDF）</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Report of</source>
        <translation>报告对象</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Attention probe</source>
        <translation>注意力探针</translation>
    </message>
    <message>
        <source>Formats</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Preview shows the report&apos;s HTML page here before it is saved.</source>
        <translation>“预览”会在保存之前把报告的 HTML 页面显示在这里。</translation>
    </message>
    <message>
        <source>Report folder</source>
        <translation>报告文件夹</translation>
    </message>
    <message>
        <source>Cannot create a temporary folder for the preview.</source>
        <translation>无法为预览创建临时文件夹。</translation>
    </message>
    <message>
        <source>Choose the folder to write the report into.</source>
        <translation>请选择写入报告的文件夹。</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Building the preview…</source>
        <translation>正在生成预览…</translation>
    </message>
    <message>
        <source>Writing the report…</source>
        <translation>正在写入报告…</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Cancelled; some files were written.</source>
        <translation>已取消；部分文件已写入。</translation>
    </message>
    <message>
        <source>Preview ready. Save writes the chosen formats into the folder.</source>
        <translation>预览已就绪。“保存”会把所选格式写入文件夹。</translation>
    </message>
    <message>
        <source>Wrote %1 files into &lt;a href=&quot;%2&quot;&gt;%3&lt;/a&gt;.</source>
        <translation>已将 %1 个文件写入 &lt;a href=&quot;%2&quot;&gt;%3&lt;/a&gt;。</translation>
    </message>
    <message>
        <source>The report could not be written: %1</source>
        <translation>无法写入报告：%1</translation>
    </message>
</context>
<context>
    <name>tfw::RunCharts</name>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>nats per token</source>
        <translation>每词元 nat 数</translation>
    </message>
    <message>
        <source>Perplexity</source>
        <translation>困惑度</translation>
    </message>
    <message>
        <source>exp(NLL)</source>
        <translation>exp(NLL)</translation>
    </message>
    <message>
        <source>Validation accuracy</source>
        <translation>验证准确率</translation>
    </message>
    <message>
        <source>share of tokens</source>
        <translation>词元占比</translation>
    </message>
    <message>
        <source>Perplexity is exp(loss per token). For a language model whose tokenizer splits words into pieces, &quot;valid per word&quot; is exp(loss × tokens per word), with each line&apos;s end counted as a word: the figure comparable with published word-level results such as Penn Treebank&apos;s.</source>
        <translation>困惑度即 exp(每词元损失)。对于分词器会把词切分为子词的语言模型，“验证（每词）”为 exp(损失 × 每词词元数)，每行结尾计为一个词：该数值可与 Penn Treebank 等已发表的词级结果相比较。</translation>
    </message>
    <message>
        <source>valid per word</source>
        <translation>验证（每词）</translation>
    </message>
    <message>
        <source>train</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>Validation %1 (greedy)</source>
        <translation>验证集 %1（贪心）</translation>
    </message>
    <message>
        <source>The validation set decoded greedily at every validation and scored as tfw eval scores it; the best checkpoint and early stopping go by it (train.valid_metric).</source>
        <translation>每次验证时对验证集贪心解码，并按 tfw eval 的方式打分；最佳检查点和提前停止以它为准（train.valid_metric）。</translation>
    </message>
</context>
<context>
    <name>tfw::RunState</name>
    <message>
        <source>running</source>
        <translation>训练中</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>stopped early</source>
        <translation>提前停止</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>diverged</source>
        <translation>已发散</translation>
    </message>
</context>
<context>
    <name>tfw::RunsPane</name>
    <message>
        <source>Resume</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <source>Open in Inference</source>
        <translation>在推理中打开</translation>
    </message>
    <message>
        <source>Tokens…</source>
        <translation>词元…</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Average checkpoints…</source>
        <translation>平均检查点…</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>d_model</source>
        <translation>d_model</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>头数</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Best valid loss</source>
        <translation>最佳验证损失</translation>
    </message>
    <message>
        <source>Best valid ppl</source>
        <translation>最佳验证困惑度</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Continue training from the run&apos;s last checkpoint</source>
        <translation>从该运行的最后一个检查点继续训练</translation>
    </message>
    <message>
        <source>Try the run&apos;s best checkpoint in the Inference tab</source>
        <translation>在“推理”选项卡中试用该运行的最佳检查点</translation>
    </message>
    <message>
        <source>See how the run&apos;s tokenizer cuts text in the Tokenization inspector</source>
        <translation>在分词检查器中查看该运行的分词器如何切分文本</translation>
    </message>
    <message>
        <source>Show the selected runs side by side in the Compare tab (select several with Ctrl or Shift)</source>
        <translation>在“比较”选项卡中并排显示所选运行（按住 Ctrl 或 Shift 可多选）</translation>
    </message>
    <message>
        <source>Curves</source>
        <translation>曲线</translation>
    </message>
    <message>
        <source>Attention over training</source>
        <translation>训练过程中的注意力</translation>
    </message>
    <message>
        <source>Reading runs…</source>
        <translation>正在读取运行…</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 · step %L3%4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 · 第 %L3 步%4</translation>
    </message>
    <message>
        <source>Rename run</source>
        <translation>重命名运行</translation>
    </message>
    <message>
        <source>New name:</source>
        <translation>新名称：</translation>
    </message>
    <message>
        <source>Delete run</source>
        <translation>删除运行</translation>
    </message>
    <message>
        <source>Delete the run %1 with its checkpoints and history?
This cannot be undone.</source>
        <translation>要删除运行 %1 及其检查点和历史记录吗？
此操作无法撤销。</translation>
    </message>
    <message>
        <source>Deleted %1</source>
        <translation>已删除 %1</translation>
    </message>
    <message>
        <source>Being trained by %1 right now</source>
        <translation>%1 正在训练此运行</translation>
    </message>
    <message>
        <source>Only a stopped or interrupted run with a last checkpoint can be resumed, while no other run is training</source>
        <translation>只有已停止或被中断、且有最后检查点的运行才能恢复，且此时不能有其他运行在训练</translation>
    </message>
    <message>
        <source>Average the run&apos;s last periodic checkpoints and compare the result with its best checkpoint</source>
        <translation>平均该运行最后几个定期检查点，并将结果与其最佳检查点比较</translation>
    </message>
    <message>
        <source>Needs a run with two or more periodic checkpoints (written every train.save_every steps)</source>
        <translation>需要有两个或以上定期检查点的运行（每 train.save_every 步保存一次）</translation>
    </message>
    <message>
        <source>Export scalars…</source>
        <translation>导出标量…</translation>
    </message>
    <message>
        <source>Write the selected runs&apos; curves and scores as CSV or JSON, as TensorBoard does</source>
        <translation>将所选运行的曲线和分数写为 CSV 或 JSON（与 TensorBoard 相同的格式）</translation>
    </message>
</context>
<context>
    <name>tfw::ScalarExportDialog</name>
    <message>
        <source>Reading the runs…</source>
        <translation>正在读取运行…</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Export scalars</source>
        <translation>导出标量</translation>
    </message>
    <message>
        <source>Not run folders, left out: %1</source>
        <translation>不是运行文件夹，已略过：%1</translation>
    </message>
    <message>
        <source>CSV (Wall time, Step, Value, as TensorBoard writes it)</source>
        <translation>CSV（Wall time、Step、Value，与 TensorBoard 相同）</translation>
    </message>
    <message>
        <source>JSON ([wall time, step, value] per point)</source>
        <translation>JSON（每个点为 [wall time, step, value]）</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>CSV or JSON (*.csv *.json)</source>
        <translation>CSV 或 JSON (*.csv *.json)</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全选</translation>
    </message>
    <message>
        <source>None</source>
        <translation>全不选</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s): %1</source>
        <translation>
            <numerusform>%n 个运行：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not read the runs: %1</source>
        <translation>无法读取运行：%1</translation>
    </message>
    <message>
        <source>These runs have no scalars yet.</source>
        <translation>这些运行还没有标量。</translation>
    </message>
    <message>
        <source>Tick one or more scalars to export.</source>
        <translation>请勾选一个或多个要导出的标量。</translation>
    </message>
    <message>
        <source>Choose a file to write.</source>
        <translation>请选择要写入的文件。</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>正在写入 %1…</translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>已写入 %1。</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>tfw::SchedulePreview</name>
    <message>
        <source>Learning rate schedule</source>
        <translation>学习率调度</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
</context>
<context>
    <name>tfw::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>The new language is used from the next start of the workbench. The tfw command always speaks English.</source>
        <translation>新语言将在下次启动工作台时生效。tfw 命令始终使用英文。</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
</context>
<context>
    <name>tfw::SideBySideJob</name>
    <message>
        <source>%1 is a %2 checkpoint and %3 a %4 one: one input cannot be decoded by both (a language model continues a prompt, the others read a source).</source>
        <translation>%1 是%2检查点，而 %3 是%4检查点：同一输入无法由两者共同解码（语言模型续写提示，其他模型读取源文本）。</translation>
    </message>
</context>
<context>
    <name>tfw::SideBySideView</name>
    <message>
        <source>Decode with each</source>
        <translation>用各检查点解码</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>A source sentence or article, or a language model&apos;s prompt: every checkpoint decodes it with the options on the right.</source>
        <translation>源句子或文章，或语言模型的提示：每个检查点都会用右侧的选项对其解码。</translation>
    </message>
    <message>
        <source>Optional reference: each checkpoint scores it too</source>
        <translation>可选参考：每个检查点也会为其打分</translation>
    </message>
    <message>
        <source>Summed log-probability (nats, end of sentence included) that the checkpoint of the column gives to the text of the row. Higher is more likely; the diagonal is each checkpoint&apos;s own output.</source>
        <translation>该列检查点赋予该行文本的对数概率之和（单位为 nats，含句末）。越高表示可能性越大；对角线为各检查点自身的输出。</translation>
    </message>
    <message>
        <source>Which attention to show</source>
        <translation>显示哪种注意力</translation>
    </message>
    <message>
        <source>layer </source>
        <translation>层 </translation>
    </message>
    <message>
        <source>Layer, counted from 1 at the input side</source>
        <translation>层号，从输入端起从 1 开始计数</translation>
    </message>
    <message>
        <source>One head, or the mean over all heads of the layer</source>
        <translation>单个注意力头，或该层所有头的平均</translation>
    </message>
    <message>
        <source>Decoding (the same for every checkpoint)</source>
        <translation>解码（所有检查点相同）</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Bars: each token&apos;s probability under its own checkpoint. Tinted tokens are not in the first checkpoint&apos;s output (the first one: not in the second&apos;s); the red line marks where the outputs part. Hover a token for the numbers.</source>
        <translation>柱形：每个词元在其自身检查点下的概率。着色的词元不在第一个检查点的输出中（第一个检查点则对照第二个的输出）；红线标出输出开始分歧的位置。将鼠标悬停在词元上可查看数值。</translation>
    </message>
    <message>
        <source>Cross-scoring: log-probability of each text under each checkpoint</source>
        <translation>交叉打分：各文本在各检查点下的对数概率</translation>
    </message>
    <message>
        <source>Attention, side by side</source>
        <translation>并排比较注意力</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Add at least two runs or checkpoints to compare.</source>
        <translation>请至少添加两个运行或检查点以进行比较。</translation>
    </message>
    <message>
        <source>Type an input first.</source>
        <translation>请先输入内容。</translation>
    </message>
    <message>
        <source>Decode the input with every checkpoint</source>
        <translation>用每个检查点解码输入</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>%1: step %2</source>
        <translation>%1：第 %2 步</translation>
    </message>
    <message>
        <source>Decoded in %1 s</source>
        <translation>解码用时 %1 秒</translation>
    </message>
    <message>
        <source>score %1 · normalized %2%3</source>
        <translation>得分 %1 · 归一化 %2%3</translation>
    </message>
    <message>
        <source> · cut at the length limit</source>
        <translation> · 在长度上限处截断</translation>
    </message>
    <message>
        <source>%1 gives the same output</source>
        <translation>%1 的输出相同</translation>
    </message>
    <message>
        <source>%1 parts from %2 at token %3</source>
        <translation>%1 从词元 %3 起与 %2 出现分歧</translation>
    </message>
    <message>
        <source>under %1</source>
        <translation>在 %1 下</translation>
    </message>
    <message>
        <source>output of %1</source>
        <translation>%1 的输出</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>参考</translation>
    </message>
    <message>
        <source>the checkpoint&apos;s own output</source>
        <translation>检查点自身的输出</translation>
    </message>
    <message>
        <source>mean of heads</source>
        <translation>各头平均</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>%1 has no %2 (%3).</source>
        <translation>%1 没有%2（%3）。</translation>
    </message>
    <message>
        <source>a language model</source>
        <translation>语言模型</translation>
    </message>
    <message>
        <source>no output yet</source>
        <translation>尚无输出</translation>
    </message>
    <message>
        <source>%1 has %2 layers of %3: layer %4 exists only in a deeper model.</source>
        <translation>%1 的%3只有 %2 层：第 %4 层只存在于更深的模型中。</translation>
    </message>
    <message>
        <source>%1 has %2 heads per layer: head %3 exists only in a wider model.</source>
        <translation>%1 每层只有 %2 个注意力头：头 %3 只存在于更宽的模型中。</translation>
    </message>
    <message>
        <source>%1 · layer %2 · %3</source>
        <translation>%1 · 第 %2 层 · %3</translation>
    </message>
</context>
<context>
    <name>tfw::SmoothingSlider</name>
    <message>
        <source>Exponential moving average of the curves (as in TensorBoard); the raw values stay visible underneath</source>
        <translation>曲线的指数移动平均（同 TensorBoard）；原始值仍显示在下方</translation>
    </message>
    <message>
        <source>Smoothing:</source>
        <translation>平滑：</translation>
    </message>
</context>
<context>
    <name>tfw::SweepDefineView</name>
    <message>
        <source>Score the validation set with each run&apos;s best checkpoint</source>
        <translation>用每个运行的最佳检查点评估验证集</translation>
    </message>
    <message>
        <source>Start sweep</source>
        <translation>开始扫描</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>取值</translation>
    </message>
    <message>
        <source>Values: a list &quot;1,2,4,8&quot; or a numeric range first:last:step such as &quot;0:0.3:0.1&quot; (both ends included)</source>
        <translation>取值：列表 &quot;1,2,4,8&quot;，或数值范围 first:last:step，如 &quot;0:0.3:0.1&quot;（包含两端）</translation>
    </message>
    <message>
        <source>Start from a built-in ablation…</source>
        <translation>从内置消融开始…</translation>
    </message>
    <message>
        <source>Add field</source>
        <translation>添加字段</translation>
    </message>
    <message>
        <source>Remove field</source>
        <translation>移除字段</translation>
    </message>
    <message>
        <source>Every variant trains once per seed: &quot;1,2,3&quot; or &quot;1:5&quot;; empty: the experiment&apos;s own train.seed</source>
        <translation>每个变体对每个随机种子各训练一次：&quot;1,2,3&quot; 或 &quot;1:5&quot;；留空：使用实验自身的 train.seed</translation>
    </message>
    <message>
        <source>Grid: every combination</source>
        <translation>网格：所有组合</translation>
    </message>
    <message>
        <source>One at a time against the baseline</source>
        <translation>逐一与基线对比</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>步</translation>
    </message>
    <message>
        <source>target tokens</source>
        <translation>目标词元</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>分钟</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>What every run trains for, so that the variants compare fairly; none keeps each run&apos;s own limits</source>
        <translation>每个运行的训练量，使各变体可公平比较；选“无”则保留各运行自身的限制</translation>
    </message>
    <message>
        <source>Runs trained at the same time (they share the machine)</source>
        <translation>同时训练的运行数（共享本机资源）</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Sweep folder</source>
        <translation>扫描文件夹</translation>
    </message>
    <message>
        <source>Every run</source>
        <translation>每个运行</translation>
    </message>
    <message>
        <source>Seeds</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Design</source>
        <translation>设计</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>At once</source>
        <translation>同时运行</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Before you start</source>
        <translation>开始之前</translation>
    </message>
    <message>
        <source>The base experiment is the one in the Experiment tab. Each row varies one of its fields (or right-click a field there: Vary in a sweep…); every variant trains once per seed with the same budget.</source>
        <translation>基础实验即“实验”选项卡中的实验。每一行改变其中一个字段（也可在该选项卡中右键单击字段：在扫描中改变…）；每个变体对每个随机种子各训练一次，预算相同。</translation>
    </message>
    <message>
        <source>Fields that vary</source>
        <translation>变化的字段</translation>
    </message>
    <message>
        <source>Variants:</source>
        <translation>变体：</translation>
    </message>
    <message>
        <source>1,2,4,8 or first:last:step</source>
        <translation>1,2,4,8 或 first:last:step</translation>
    </message>
    <message>
        <source>Built-in ablation</source>
        <translation>内置消融</translation>
    </message>
    <message>
        <source>A sweep is running</source>
        <translation>扫描正在运行</translation>
    </message>
    <message>
        <source>%1: give its values</source>
        <translation>%1：请填写取值</translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation>%1（基线）</translation>
    </message>
    <message>
        <source>%1 × %2 = %3</source>
        <translation>%1 × %2 = %3</translation>
    </message>
    <message>
        <source>variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>variants</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>seeds</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>the base experiment: %1</source>
        <translation>基础实验：%1</translation>
    </message>
    <message>
        <source>choose a folder for the sweep</source>
        <translation>请为扫描选择文件夹</translation>
    </message>
    <message>
        <source>%1 is not empty: choose a new folder</source>
        <translation>%1 不为空：请选择新文件夹</translation>
    </message>
    <message>
        <source>Create %1 and train its runs</source>
        <translation>创建 %1 并训练其中的运行</translation>
    </message>
    <message>
        <source>Cannot start: %1</source>
        <translation>无法开始：%1</translation>
    </message>
    <message>
        <source>Estimated time: once the running sweep has ended</source>
        <translation>预计时间：待正在运行的扫描结束后估算</translation>
    </message>
    <message>
        <source>Estimated time: —</source>
        <translation>预计时间：—</translation>
    </message>
    <message>
        <source>Estimated time: timing a few steps…</source>
        <translation>预计时间：正在测量几步的耗时…</translation>
    </message>
    <message>
        <source>Estimated time: unknown (%1)</source>
        <translation>预计时间：未知（%1）</translation>
    </message>
    <message>
        <source>Estimated time: %1 (training only; data preparation and validation come on top)</source>
        <translation>预计时间：%1（仅训练；数据准备和验证另计）</translation>
    </message>
    <message>
        <source>Cumulative: each change on top of the ones before</source>
        <translation>累加：每项改动叠加在之前的改动之上</translation>
    </message>
</context>
<context>
    <name>tfw::SweepJob</name>
    <message>
        <source>unknown error</source>
        <translation>未知错误</translation>
    </message>
</context>
<context>
    <name>tfw::SweepPane</name>
    <message>
        <source>Define</source>
        <translation>定义</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Sweep run %1: %2</source>
        <translation>扫描运行 %1：%2</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>The sweep could not run: %1</source>
        <translation>扫描无法运行：%1</translation>
    </message>
    <message>
        <source>Sweep stopped: %1 runs pending; Resume continues it</source>
        <translation>扫描已停止：%1 个运行待完成；点击“恢复”可继续</translation>
    </message>
    <message>
        <source>Sweep finished: %1 done, %2 failed, %3 skipped</source>
        <translation>扫描结束：完成 %1 个，失败 %2 个，跳过 %3 个</translation>
    </message>
    <message>
        <source>Sweep started in %1</source>
        <translation>扫描已在 %1 中开始</translation>
    </message>
    <message>
        <source>Open sweep</source>
        <translation>打开扫描</translation>
    </message>
    <message>
        <source>%1 holds no sweep: %2</source>
        <translation>%1 中没有扫描：%2</translation>
    </message>
    <message>
        <source>Open sweep folder</source>
        <translation>打开扫描文件夹</translation>
    </message>
</context>
<context>
    <name>tfw::SweepQueueView</name>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Skip selected run</source>
        <translation>跳过所选运行</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Retry failed</source>
        <translation>重试失败项</translation>
    </message>
    <message>
        <source>Open sweep…</source>
        <translation>打开扫描…</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Best valid loss</source>
        <translation>最佳验证损失</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>The runs in training wait between steps</source>
        <translation>正在训练的运行在步与步之间等待</translation>
    </message>
    <message>
        <source>The runs in training save a checkpoint and stop; Resume continues them</source>
        <translation>正在训练的运行保存检查点后停止；点击“恢复”可继续</translation>
    </message>
    <message>
        <source>Train what is still pending in this sweep</source>
        <translation>训练此扫描中仍待运行的部分</translation>
    </message>
    <message>
        <source>Put failed and skipped runs back in the queue and resume</source>
        <translation>将失败和跳过的运行放回队列并恢复</translation>
    </message>
    <message>
        <source>Show a sweep folder, to follow its results or resume it</source>
        <translation>显示扫描文件夹，以跟踪其结果或将其恢复</translation>
    </message>
    <message>
        <source>scoring the validation set: %1 of %2</source>
        <translation>正在评估验证集：%1 / %2</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>No sweep yet: define one and start it, or open a sweep folder.</source>
        <translation>尚无扫描：请定义并启动一个扫描，或打开扫描文件夹。</translation>
    </message>
    <message>
        <source>%1 of %2 runs done</source>
        <translation>已完成 %1 / %2 个运行</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2 · %3 done, %4 failed, %5 skipped, %6 pending</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2 · 完成 %3 个，失败 %4 个，跳过 %5 个，待运行 %6 个</translation>
    </message>
</context>
<context>
    <name>tfw::SweepResultsView</name>
    <message>
        <source>Export table</source>
        <translation>导出表格</translation>
    </message>
    <message>
        <source>Export chart…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <source>Open in Compare</source>
        <translation>在“比较”中打开</translation>
    </message>
    <message>
        <source>No results yet: they appear here as runs finish.</source>
        <translation>尚无结果：运行完成后结果会显示在这里。</translation>
    </message>
    <message>
        <source>Validation loss (mean ± 1 std over seeds)</source>
        <translation>验证损失（各随机种子的均值 ± 1 标准差）</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>valid loss</source>
        <translation>验证损失</translation>
    </message>
    <message>
        <source>CSV…</source>
        <translation>CSV…</translation>
    </message>
    <message>
        <source>Markdown…</source>
        <translation>Markdown…</translation>
    </message>
    <message>
        <source>LaTeX…</source>
        <translation>LaTeX…</translation>
    </message>
    <message>
        <source>bar chart</source>
        <translation>柱状图</translation>
    </message>
    <message>
        <source>validation loss chart</source>
        <translation>验证损失图</translation>
    </message>
    <message>
        <source>Add the sweep&apos;s finished runs to the Compare tab</source>
        <translation>将扫描中已完成的运行添加到“比较”选项卡</translation>
    </message>
    <message>
        <source>The quantity the bars show</source>
        <translation>柱形显示的指标</translation>
    </message>
    <message>
        <source>Bars:</source>
        <translation>柱形：</translation>
    </message>
    <message>
        <source>Could not read the results: %1</source>
        <translation>无法读取结果：%1</translation>
    </message>
    <message>
        <source>%1 of %2 runs finished · budget %3 · %4</source>
        <translation>已完成 %1 / %2 个运行 · 预算 %3 · %4</translation>
    </message>
    <message>
        <source>the baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>best of this column</source>
        <translation>本列最佳</translation>
    </message>
    <message>
        <source>%1 (mean ± 1 std over seeds, %2)</source>
        <translation>%1（各随机种子的均值 ± 1 标准差，%2）</translation>
    </message>
    <message>
        <source>higher is better</source>
        <translation>越高越好</translation>
    </message>
    <message>
        <source>lower is better</source>
        <translation>越低越好</translation>
    </message>
    <message>
        <source>there are no results yet</source>
        <translation>尚无结果</translation>
    </message>
    <message>
        <source>Export the results table</source>
        <translation>导出结果表格</translation>
    </message>
    <message>
        <source>Results written to %1</source>
        <translation>结果已写入 %1</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>tfw::TokenInspector</name>
    <message>
        <source>Tokenizer A</source>
        <translation>分词器 A</translation>
    </message>
    <message>
        <source>Tokenizer B (optional)</source>
        <translation>分词器 B（可选）</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>统计</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Tokenization inspector</source>
        <translation>分词检查器</translation>
    </message>
    <message>
        <source>Type a text to see its pieces…</source>
        <translation>输入文本以查看其子词…</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>语料</translation>
    </message>
    <message>
        <source>a text file (plain or .gz) to measure both tokenizers on</source>
        <translation>用于测量两个分词器的文本文件（纯文本或 .gz）</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; · %n piece(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; · %n 个子词</numerusform>
        </translation>
    </message>
    <message>
        <source>Text (*.txt *.gz *);;All files (*)</source>
        <translation>文本 (*.txt *.gz *);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>%1: %L2 lines, %L3 words</source>
        <translation>%1：%L2 行，%L3 个词</translation>
    </message>
    <message>
        <source>Pieces</source>
        <translation>词元数</translation>
    </message>
    <message>
        <source>Pieces per word</source>
        <translation>每词词元数</translation>
    </message>
    <message>
        <source>Unknown rate</source>
        <translation>未知词元率</translation>
    </message>
    <message>
        <source>Unknown pieces</source>
        <translation>未知子词</translation>
    </message>
    <message>
        <source>Pieces used</source>
        <translation>已用词元</translation>
    </message>
    <message>
        <source>%L1 of %L2</source>
        <translation>%L1 / %L2</translation>
    </message>
    <message>
        <source>%1 piece</source>
        <translation>%1 子词</translation>
    </message>
    <message>
        <source>count</source>
        <translation>计数</translation>
    </message>
</context>
<context>
    <name>tfw::TokenStrip</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;log p = %2 &amp;nbsp; p = %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;log p = %2 &amp;nbsp; p = %3</translation>
    </message>
    <message>
        <source>&lt;br&gt;not in the other output</source>
        <translation>&lt;br&gt;不在另一个输出中</translation>
    </message>
    <message>
        <source>&lt;br&gt;the outputs part here</source>
        <translation>&lt;br&gt;输出从此处开始分歧</translation>
    </message>
</context>
<context>
    <name>tfw::TokenizerChooser</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Experiment settings (train on its training text)</source>
        <translation>实验设置（在其训练文本上训练）</translation>
    </message>
    <message>
        <source>Run folder…</source>
        <translation>运行文件夹…</translation>
    </message>
    <message>
        <source>Checkpoint file…</source>
        <translation>检查点文件…</translation>
    </message>
    <message>
        <source>Sentencepiece .model file…</source>
        <translation>Sentencepiece .model 文件…</translation>
    </message>
    <message>
        <source>Train on a corpus…</source>
        <translation>在语料上训练…</translation>
    </message>
    <message>
        <source>Target side</source>
        <translation>目标端</translation>
    </message>
    <message>
        <source>Source side</source>
        <translation>源端</translation>
    </message>
    <message>
        <source>Which tokenizer of a run or checkpoint with a vocabulary per side (tokenizer.shared off); with a shared one both are the same</source>
        <translation>对于两端各有词表的运行或检查点（tokenizer.shared 关闭），选择使用哪一端的分词器；若共享词表，两者相同</translation>
    </message>
    <message>
        <source>BPE</source>
        <translation>BPE</translation>
    </message>
    <message>
        <source>Unigram</source>
        <translation>Unigram</translation>
    </message>
    <message>
        <source>Word</source>
        <translation>词级</translation>
    </message>
    <message>
        <source>Vocabulary size, the 4 reserved ids included (word: 0 = no cap)</source>
        <translation>词表大小，含 4 个保留 id（词级：0 = 不设上限）</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>No second tokenizer.</source>
        <translation>没有第二个分词器。</translation>
    </message>
    <message>
        <source>No tokenizer loaded.</source>
        <translation>未加载分词器。</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>加载</translation>
    </message>
    <message>
        <source>Run folder</source>
        <translation>运行文件夹</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <source>Checkpoints (*.tfw);;All files (*)</source>
        <translation>检查点 (*.tfw);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Sentencepiece model</source>
        <translation>Sentencepiece 模型</translation>
    </message>
    <message>
        <source>Models (*.model);;All files (*)</source>
        <translation>模型 (*.model);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Text to train on</source>
        <translation>用于训练的文本</translation>
    </message>
    <message>
        <source>Text (*.txt *.gz *);;All files (*)</source>
        <translation>文本 (*.txt *.gz *);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Training the tokenizer…</source>
        <translation>正在训练分词器…</translation>
    </message>
    <message>
        <source>Loading the tokenizer…</source>
        <translation>正在加载分词器…</translation>
    </message>
    <message>
        <source>Cancelling (the tokenizer being trained is dropped)…</source>
        <translation>正在取消（丢弃正在训练的分词器）…</translation>
    </message>
</context>
<context>
    <name>tfw::TrainingPane</name>
    <message>
        <source>&amp;Start training</source>
        <translation>开始训练(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>No run yet: set up an experiment, then press Start.</source>
        <translation>尚无运行：请先设置实验，然后点击“开始”。</translation>
    </message>
    <message>
        <source>Pause after the current step; press again to resume</source>
        <translation>在当前步结束后暂停；再次点击可继续</translation>
    </message>
    <message>
        <source>Stop after the current step and save a last checkpoint</source>
        <translation>在当前步结束后停止，并保存最后一个检查点</translation>
    </message>
    <message>
        <source>The quick sanity checks that ran before training; click for what each measured</source>
        <translation>训练前运行的快速健全性检查；点击查看每项检查的内容</translation>
    </message>
    <message>
        <source>Curves</source>
        <translation>曲线</translation>
    </message>
    <message>
        <source>Attention over training</source>
        <translation>训练过程中的注意力</translation>
    </message>
    <message>
        <source>  %1  ⇒  %2%3</source>
        <translation>  %1  ⇒  %2%3</translation>
    </message>
    <message>
        <source>   ✓ matches the reference</source>
        <translation>   ✓ 与参考一致</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>恢复(&amp;R)</translation>
    </message>
    <message>
        <source>Training paused</source>
        <translation>训练已暂停</translation>
    </message>
    <message>
        <source>Training resumed</source>
        <translation>训练已恢复</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>stopping, saving a checkpoint…</source>
        <translation>正在停止，保存检查点…</translation>
    </message>
    <message>
        <source>Stopping after the current step…</source>
        <translation>将在当前步结束后停止…</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;Checks: %2&lt;/span&gt; &lt;a href=&apos;#checks&apos;&gt;details&lt;/a&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;检查：%2&lt;/span&gt; &lt;a href=&apos;#checks&apos;&gt;详情&lt;/a&gt;</translation>
    </message>
    <message>
        <source>preparing data and model…</source>
        <translation>正在准备数据和模型…</translation>
    </message>
    <message>
        <source>Run: %1</source>
        <translation>运行：%1</translation>
    </message>
    <message>
        <source>Resuming %1</source>
        <translation>正在恢复 %1</translation>
    </message>
    <message>
        <source>Starting %1</source>
        <translation>正在启动 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 · %3 parameters · %4 training / %5 validation examples</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 · %3 个参数 · %4 个训练样本 / %5 个验证样本</translation>
    </message>
    <message>
        <source>training…</source>
        <translation>训练中…</translation>
    </message>
    <message>
        <source>epoch %1 (%2%) · %3 elapsed</source>
        <translation>第 %1 轮（%2%）· 已用时 %3</translation>
    </message>
    <message>
        <source> · about %1 left</source>
        <translation> · 约剩 %1</translation>
    </message>
    <message>
        <source>minute %1 of %2 (time budget)</source>
        <translation>第 %1 / %2 分钟（时间预算）</translation>
    </message>
    <message>
        <source>step %L1 of %L2</source>
        <translation>第 %L1 / %L2 步</translation>
    </message>
    <message>
        <source>Training completed at step %L1.</source>
        <translation>训练在第 %L1 步完成。</translation>
    </message>
    <message>
        <source>Stopped early at step %L1: validation loss stopped improving.</source>
        <translation>在第 %L1 步提前停止：验证损失不再下降。</translation>
    </message>
    <message>
        <source>Stopped at step %L1; the last checkpoint is saved, so the run can be resumed from the Runs area.</source>
        <translation>已在第 %L1 步停止；最后一个检查点已保存，可在“运行”区域中恢复该运行。</translation>
    </message>
    <message>
        <source>Training failed: %1</source>
        <translation>训练失败：%1</translation>
    </message>
    <message>
        <source> Best validation loss %1 (perplexity %2).</source>
        <translation> 最佳验证损失 %1（困惑度 %2）。</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Training failed</source>
        <translation>训练失败</translation>
    </message>
    <message>
        <source>The run&apos;s files are kept in %1.</source>
        <translation>该运行的文件保存在 %1 中。</translation>
    </message>
    <message>
        <source>Open in Inference</source>
        <translation>在推理中打开</translation>
    </message>
    <message>
        <source>Try the finished run&apos;s best checkpoint in the Inference tab</source>
        <translation>在“推理”选项卡中试用刚完成的运行的最佳检查点</translation>
    </message>
    <message>
        <source>Train a new run on this many processes of this computer (data parallel): one per GPU, or several CPU processes to try it out. Each process takes an equal share of every batch and the gradients are summed, so the run learns as one process would; the charts show the whole run. A run is resumed on as many processes as it was started on.</source>
        <translation>在本机用这么多个进程训练新的运行（数据并行）：每块 GPU 一个进程，或用几个 CPU 进程来试用。每个进程分到每个批次的同等份额，梯度求和，因此训练效果与单进程相同；图表显示整个运行。运行恢复时使用与开始时相同的进程数。</translation>
    </message>
    <message>
        <source>Processes:</source>
        <translation>进程数：</translation>
    </message>
    <message>
        <source>CPU (1 thread)</source>
        <translation>CPU（1 个线程）</translation>
    </message>
    <message>
        <source>CPU (%1 threads)</source>
        <translation>CPU（%1 个线程）</translation>
    </message>
    <message>
        <source>%1 × %2 processes (%3)</source>
        <translation>%1 × %2 个进程（%3）</translation>
    </message>
    <message>
        <source> Best checkpoint: validation %1 %2 at step %L3.</source>
        <translation> 最佳检查点：第 %L3 步，验证 %1 %2。</translation>
    </message>
    <message>
        <source>Stopped early at step %L1: validation %2 stopped improving.</source>
        <translation>在第 %L1 步提前停止：验证集 %2 不再提升。</translation>
    </message>
    <message>
        <source>%1 (auto: native bf16 here)</source>
        <translation>%1（auto：此处原生支持 bf16）</translation>
    </message>
    <message>
        <source>%1 (auto: no native bf16 here)</source>
        <translation>%1（auto：此处没有原生 bf16）</translation>
    </message>
    <message>
        <source>diverged</source>
        <translation>已发散</translation>
    </message>
    <message>
        <source>Training diverged</source>
        <translation>训练发散</translation>
    </message>
    <message>
        <source>stopped early at step %L1</source>
        <translation>已在第 %L1 步提前停止</translation>
    </message>
    <message>
        <source>stopped at step %L1 · resume it from the Runs area</source>
        <translation>已在第 %L1 步停止 · 可在“运行”区域恢复</translation>
    </message>
    <message>
        <source>The run %1</source>
        <translation>本次运行%1</translation>
    </message>
</context>
</TS>
