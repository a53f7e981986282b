// Python interop (docs/interop.md): `tfw export` read by python/tfw_torch.py with PyTorch gives
// the log-probabilities `tfw logprob` prints; a model trained in Python comes back through
// `tfw import`; the workbench's sentencepiece models load in the Python package; a Llama-shaped
// language model exported as hf-llama loads in transformers with the same log-probabilities.
// (The safetensors format itself: test_safetensors.)
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <ATen/ATen.h>
#include <torch/csrc/autograd/grad_mode.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>

#include "core/data/sentencepiece_tokenizer.h"
#include "core/data/word_tokenizer.h"
#include "core/io/model_import.h"
#include "core/io/run_directory.h"
#include "core/io/safetensors.h"
#include "tests/core/python_runner.h"
#include "tests/core/template_sentences.h"
#include "tests/core/test_support.h"

using namespace tfw;
using test::CliRun;
using test::run_python;
using test::run_tfw;
namespace fs = std::filesystem;

namespace {

const QString kTorchPython = QStringLiteral(TFW_TORCH_PYTHON);
const QString kInteropPython = QStringLiteral(TFW_INTEROP_PYTHON);
const QString kTorchScript = QStringLiteral(TFW_PYTHON_DIR "/tfw_torch.py");

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

void write_lines(const std::string& path, const std::vector<std::string>& lines) {
    std::ofstream out(path, std::ios::binary);
    for (const auto& line : lines) out << line << "\n";
}

struct LogProb {
    double total = 0;
    int64_t tokens = 0;
};

// The JSON lines of `tfw logprob` / `tfw_torch.py logprob`, in line order.
std::vector<LogProb> parse_log_probs(const std::string& out) {
    std::vector<LogProb> result;
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);) {
        const auto j = nlohmann::json::parse(line);
        if (j.at("line").get<size_t>() != result.size() + 1) return {};
        result.push_back({j.at("log_prob").get<double>(), j.at("tokens").get<int64_t>()});
    }
    return result;
}

// Translation pairs and language-model text with accents, other scripts and unseen words.
const std::vector<std::string> kGerman = {
    "Der Hund läuft über die Straße.", "Grüße aus Zürich, sagt das Mädchen.",
    "Zwei Kinder spielen im Park.", "Ein Café in Köln ist geöffnet."};
const std::vector<std::string> kEnglish = {
    "The dog runs across the street.", "Greetings from Zürich, says the girl.",
    "Two children play in the park.", "A naïve café in Cologne is open 日本."};

std::vector<std::string> training_text() {
    std::vector<std::string> text = test::english_sentences();
    for (int i = 0; i < 20; ++i) {
        text.insert(text.end(), kGerman.begin(), kGerman.end());
        text.insert(text.end(), kEnglish.begin(), kEnglish.end() - 1);
    }
    return text;
}

// One architecture to check: the switches ExperimentConfig offers.
struct Variant {
    const char* name;
    Task task;
    NormPlacement norm;
    Positional positional;
    Activation activation;
    bool tie_embeddings;
    bool shared_vocab;
    TokenizerType tokenizer;
    bool lowercase;
    bool causal;
    void (*modern)(ModelConfig&) = nullptr;  // the components since 2017, when set
};

void llama_like(ModelConfig& m) {
    m.positional = Positional::Rope;
    m.normalization = Normalization::Rms;
    m.activation = Activation::Swiglu;
    m.kv_heads = 2;
    m.bias = false;
    m.rope_base = 500;
}
void llama_with_qk_norm(ModelConfig& m) {
    llama_like(m);
    m.qk_norm = true;
}
void alibi_geglu_qk_norm(ModelConfig& m) {
    m.positional = Positional::Alibi;
    m.activation = Activation::Geglu;
    m.qk_norm = true;
    m.kv_heads = 1;
}
void rope_layer_norm_without_bias(ModelConfig& m) {
    m.positional = Positional::Rope;
    m.bias = false;
    m.qk_norm = true;
    m.init = WeightInit::Scaled;
}

const Variant kVariants[] = {
    {"translation, pre-LN, sinusoidal, tied, shared sentencepiece", Task::Translation,
     NormPlacement::Pre, Positional::Sinusoidal, Activation::Relu, true, true,
     TokenizerType::SentencePiece, false, true},
    {"translation, post-LN, learned positions, GELU, untied, two sentencepiece models",
     Task::Translation, NormPlacement::Post, Positional::Learned, Activation::Gelu, false, false,
     TokenizerType::SentencePiece, false, true},
    {"language model, pre-LN, GELU, lowercasing sentencepiece", Task::LanguageModel,
     NormPlacement::Pre, Positional::Sinusoidal, Activation::Gelu, true, true,
     TokenizerType::SentencePiece, true, true},
    {"language model, post-LN, no positions, untied, non-causal, lowercasing words",
     Task::LanguageModel, NormPlacement::Post, Positional::None, Activation::Relu, false, true,
     TokenizerType::Word, true, false},
    {"language model, llama-like: rope (base 500), RMSNorm, SwiGLU, 2 kv heads, no biases",
     Task::LanguageModel, NormPlacement::Pre, Positional::Rope, Activation::Swiglu, true, true,
     TokenizerType::SentencePiece, false, true, llama_like},
    {"translation, alibi, GeGLU, qk-norm, multi-query, post-LN, untied", Task::Translation,
     NormPlacement::Post, Positional::Alibi, Activation::Geglu, false, true,
     TokenizerType::SentencePiece, false, true, alibi_geglu_qk_norm},
    {"translation, rope, LayerNorm without biases, qk-norm, scaled init, two vocabularies",
     Task::Translation, NormPlacement::Pre, Positional::Rope, Activation::Gelu, true, false,
     TokenizerType::SentencePiece, false, true, rope_layer_norm_without_bias},
};

std::shared_ptr<Tokenizer> train_tokenizer(const Variant& v, const std::vector<std::string>& text,
                                           SubwordModel model_type, int vocab_size) {
    if (v.tokenizer == TokenizerType::Word) {
        WordTokenizer::Options options;
        options.lowercase = v.lowercase;
        return WordTokenizer::train({&text}, options);
    }
    SentencePieceTokenizer::Options options = test::bpe(vocab_size);
    options.model_type = model_type;
    options.lowercase = v.lowercase;
    return SentencePieceTokenizer::train({&text}, options);
}

// A tiny model of the variant, initialised as the workbench does and then every parameter moved
// by seeded noise, so that biases and LayerNorm gains matter too.
void write_checkpoint(const Variant& v, const std::string& path) {
    Checkpoint c;
    c.config = test::tiny_model_config(v.task);
    c.config.model.norm = v.norm;
    c.config.model.positional = v.positional;
    c.config.model.activation = v.activation;
    c.config.model.tie_embeddings = v.tie_embeddings;
    c.config.model.causal = v.causal;
    if (v.modern) v.modern(c.config.model);
    c.config.tokenizer.type = v.tokenizer;
    c.config.tokenizer.shared = v.shared_vocab;
    c.config.tokenizer.lowercase = v.lowercase;
    const std::vector<std::string> text = training_text();
    const auto tgt = train_tokenizer(v, text, SubwordModel::Bpe, 120);
    const auto src = v.shared_vocab ? tgt : train_tokenizer(v, kGerman, SubwordModel::Unigram, 48);
    c.src_tokenizer_type = src->type_name();
    c.tgt_tokenizer_type = tgt->type_name();
    c.src_tokenizer = src->serialize();
    c.tgt_tokenizer = tgt->serialize();
    c.src_vocab = src->vocab_size();
    c.tgt_vocab = tgt->vocab_size();
    at::manual_seed(11);
    TransformerModel model(model_options(c.config, c.src_vocab, c.tgt_vocab));
    {
        torch::NoGradGuard no_grad;
        for (auto& p : model->parameters()) p.add_(at::randn_like(p) * 0.1);
    }
    c.parameters = model->parameter_count();
    c.weights = serialize_module(*model);
    save_checkpoint(c, path);
}

struct Texts {
    std::string src, tgt;  // tgt empty: a language model's own lines
};

QStringList logprob_args(const std::string& checkpoint, const Texts& texts) {
    QStringList args = {"logprob", "--checkpoint", qs(checkpoint), "--src", qs(texts.src)};
    if (!texts.tgt.empty()) args << "--tgt" << qs(texts.tgt);
    return args;
}

// Compares the log-probabilities of `tfw logprob` on the checkpoint with tfw_torch.py's on the
// exported folder, line by line; returns the largest difference, or -1 when a run fails, the
// line or token counts differ, or a log-probability is not finite.
double compare_log_probs(const std::string& checkpoint, const Texts& texts,
                         const QStringList& py_args) {
    const CliRun cpp = run_tfw(logprob_args(checkpoint, texts));
    if (cpp.exit_code != 0) qWarning("%s", cpp.err.c_str());
    const CliRun py = run_python(kTorchPython, py_args);
    if (py.exit_code != 0) qWarning("%s", py.err.c_str());
    if (cpp.exit_code != 0 || py.exit_code != 0) return -1;
    const auto expected = parse_log_probs(cpp.out), got = parse_log_probs(py.out);
    if (expected.empty() || got.size() != expected.size()) return -1;
    double worst = 0;
    for (size_t i = 0; i < expected.size(); ++i) {
        if (got[i].tokens != expected[i].tokens || !std::isfinite(expected[i].total)) return -1;
        worst = std::max(worst, std::abs(got[i].total - expected[i].total));
    }
    return worst;
}
double compare_log_probs(const std::string& checkpoint, const std::string& dir,
                         const Texts& texts) {
    QStringList py_args = {kTorchScript, "logprob", qs(dir), "--src", qs(texts.src)};
    if (!texts.tgt.empty()) py_args << "--tgt" << qs(texts.tgt);
    return compare_log_probs(checkpoint, texts, py_args);
}

// A language model's lines scored as `tfw logprob` does (each line's tokens and </s>, after
// the </s> that starts a line) by transformers' LlamaForCausalLM from an hf-llama export,
// tokenized by Python's sentencepiece with the exported tokenizer.model.
const QString kLlamaLogProbs = QStringLiteral(
    "import json, sys, torch, sentencepiece\n"
    "from transformers import LlamaForCausalLM\n"
    "model = LlamaForCausalLM.from_pretrained(sys.argv[1]).eval()\n"
    "sp = sentencepiece.SentencePieceProcessor(model_file=sys.argv[1] + '/tokenizer.model')\n"
    "start, end = model.config.bos_token_id, model.config.eos_token_id\n"
    "lines = open(sys.argv[2], encoding='utf-8').read().split('\\n')[:-1]\n"
    "for number, line in enumerate(lines, 1):\n"
    "    ids = [start] + sp.encode(line) + [end]\n"
    "    with torch.no_grad():\n"
    "        logits = model(torch.tensor([ids[:-1]])).logits[0]\n"
    "    picked = torch.log_softmax(logits, -1).gather(1, torch.tensor(ids[1:])[:, None])\n"
    "    print(json.dumps({'line': number, 'tokens': len(ids) - 1,\n"
    "                      'log_prob': picked.sum().item()}))\n");

// Why a test that needs transformers in the PyTorch venv cannot run, "" when it can.
QString transformers_missing() {
    const CliRun run = run_python(kTorchPython, {"-c", "import transformers"});
    if (run.exit_code == 0) return {};
    return kTorchPython + " cannot import transformers (" +
           QString::fromStdString(run.err).trimmed().section('\n', -1) +
           "): scripts/install-deps.sh --libtorch2 installs it";
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

class TestInterop : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    std::string path(const std::string& name) const {
        return (fs::path(m_dir.path().toStdString()) / name).string();
    }

    // Exports variant v's checkpoint into DIR; returns the checkpoint's path.
    std::string exported(const Variant& v, const std::string& dir,
                         const QString& format = "safetensors") {
        const std::string checkpoint = path(dir + ".tfw");
        write_checkpoint(v, checkpoint);
        const CliRun run = run_tfw(
            {"export", "--format", format, "--checkpoint", qs(checkpoint), "--out", qs(path(dir))});
        if (run.exit_code != 0) qWarning("%s", run.err.c_str());
        return run.exit_code == 0 ? checkpoint : "";
    }

    Texts texts_for(const Variant& v) const {
        Texts texts{path("text.src"), ""};
        if (v.task == Task::LanguageModel) {
            write_lines(texts.src, {kEnglish[0], "ÜBER ALLES, ΑΘΉΝΑ UND МОСКВА", kGerman[1], ""});
        } else {
            write_lines(texts.src, kGerman);
            texts.tgt = path("text.tgt");
            write_lines(texts.tgt, kEnglish);
        }
        return texts;
    }

  private Q_SLOTS:
    void exportedModelsGiveTheSameLogProbsInPyTorch() {
        REQUIRE_PYTHON(kTorchPython, "--libtorch2");
        int index = 0;
        for (const Variant& v : kVariants) {
            const std::string dir = "export" + std::to_string(index++);
            const std::string checkpoint = exported(v, dir);
            QVERIFY2(!checkpoint.empty(), v.name);
            const double worst = compare_log_probs(checkpoint, path(dir), texts_for(v));
            qInfo("%s: max |log-prob difference| %.3g", v.name, worst);
            QVERIFY2(worst >= 0 && worst < 1e-4, v.name);
        }
    }

    // An export written into the runs folder is not taken for a run.
    void anExportIsNoRun() {
        const std::string runs = path("runs");
        fs::create_directories(runs);
        QVERIFY(!exported(kVariants[0], "runs/exported").empty());
        QVERIFY(fs::exists(fs::path(runs) / "exported" / "config.json"));
        QVERIFY(list_runs(runs).empty());
    }

    void languageModelContinuationsAfterAPrompt() {
        REQUIRE_PYTHON(kTorchPython, "--libtorch2");
        const Variant& v = kVariants[2];
        const std::string checkpoint = exported(v, "prompted");
        QVERIFY(!checkpoint.empty());
        const Texts texts{path("prompts.txt"), path("continuations.txt")};
        write_lines(texts.src, {"A man", "Grüße aus", "The"});
        write_lines(texts.tgt, {"is riding a bike in the park.", "Zürich.", ""});
        const double worst = compare_log_probs(checkpoint, path("prompted"), texts);
        qInfo("prompted language model: max |log-prob difference| %.3g", worst);
        QVERIFY(worst >= 0 && worst < 1e-4);
    }

    void modelTrainedInPythonImports() {
        REQUIRE_PYTHON(kTorchPython, "--libtorch2");
        for (const Variant* v : {&kVariants[1], &kVariants[2], &kVariants[4]}) {
            const std::string base = "trained" + std::to_string(v - kVariants);
            const std::string original = exported(*v, base);
            QVERIFY(!original.empty());
            const Texts texts = texts_for(*v);
            QStringList train = {kTorchScript, "train", qs(path(base + "-py")), "--like",
                                 qs(path(base))};
            train += QStringList{"--fresh", "--seed", "3", "--steps", "4", "--src", qs(texts.src)};
            if (!texts.tgt.empty()) train << "--tgt" << qs(texts.tgt);
            const CliRun trained = run_python(kTorchPython, train);
            QVERIFY2(trained.exit_code == 0, trained.err.c_str());

            const std::string imported = path(base + "-py.tfw");
            const CliRun import =
                run_tfw({"import", "--from", qs(path(base + "-py")), "--out", qs(imported)});
            QVERIFY2(import.exit_code == 0, import.err.c_str());
            const double worst = compare_log_probs(imported, path(base + "-py"), texts);
            qInfo("%s trained in Python, imported: max |log-prob difference| %.3g", v->name, worst);
            QVERIFY(worst >= 0 && worst < 1e-4);

            // The imported weights are Python's, not those of the export it started beside.
            QVERIFY(run_tfw(logprob_args(imported, texts)).out !=
                    run_tfw(logprob_args(original, texts)).out);
            QCOMPARE(load_model(imported).checkpoint.position.step, int64_t(4));
            const CliRun translated =
                v->task == Task::LanguageModel
                    ? run_tfw({"generate", "--checkpoint", qs(imported), "--prompt", "Grüße aus"})
                    : run_tfw({"translate", "--checkpoint", qs(imported)}, "Grüße aus Zürich\n");
            QVERIFY2(translated.exit_code == 0, translated.err.c_str());
        }
    }

    // A Llama-shaped language model, tied and untied, exported as a Hugging Face Llama: it
    // loads in transformers' LlamaForCausalLM and gives tfw logprob's log-probabilities.
    void llamaExportLoadsInTransformers() {
        REQUIRE_PYTHON(kTorchPython, "--libtorch2");
        const QString missing = transformers_missing();
        if (!missing.isEmpty()) QSKIP(qPrintable(missing));
        Variant untied = kVariants[4];
        untied.name = "llama-like, untied output";
        untied.tie_embeddings = false;
        for (const Variant* v : std::vector<const Variant*>{&kVariants[4], &untied}) {
            QVERIFY(v->modern == llama_like);
            const std::string dir = v == &untied ? "llama-untied" : "llama";
            const std::string checkpoint = exported(*v, dir, "hf-llama");
            QVERIFY2(!checkpoint.empty(), v->name);
            for (const char* file :
                 {"config.json", "model.safetensors", "tokenizer.model", "tokenizer_config.json"})
                QVERIFY2(fs::exists(fs::path(path(dir)) / file), file);
            // Llama's input table carries the workbench's sqrt(d_model); its output does not.
            const SafetensorsContents weights = read_safetensors(path(dir + "/model.safetensors"));
            const at::Tensor embedding = weights.tensors.at("model.embed_tokens.weight");
            const at::Tensor head = weights.tensors.at("lm_head.weight");
            QCOMPARE(embedding.size(1), int64_t(32));
            QVERIFY(v->tie_embeddings == at::allclose(embedding, head * std::sqrt(32.0)));

            const Texts texts = texts_for(*v);
            const double worst = compare_log_probs(
                checkpoint, texts, {"-c", kLlamaLogProbs, qs(path(dir)), qs(texts.src)});
            qInfo("%s as hf-llama in transformers: max |log-prob difference| %.3g", v->name, worst);
            QVERIFY2(worst >= 0 && worst < 1e-4, v->name);
        }
    }

    // hf-llama refuses every model that is not exactly a Llama, naming each setting that
    // differs and the value it needs, and writes nothing.
    void llamaExportRefusesOtherModels() {
        Variant qk_norm = kVariants[4];
        qk_norm.modern = llama_with_qk_norm;
        const std::vector<std::pair<const Variant*, std::vector<std::string>>> cases = {
            {&kVariants[0], {"task is translation, needs lm"}},
            {&kVariants[2],
             {"model.normalization is layer, needs rms",
              "model.positional is sinusoidal, needs rope",
              "model.activation is gelu, needs swiglu", "model.bias is true, needs false"}},
            {&kVariants[3],
             {"model.norm is post, needs pre", "model.causal is false, needs true",
              "tokenizer.type is word, needs sentencepiece"}},
            {&qk_norm, {"model.qk_norm is true, needs false"}},
        };
        int index = 0;
        for (const auto& [v, reasons] : cases) {
            const std::string name = "not-llama" + std::to_string(index++);
            const std::string checkpoint = path(name + ".tfw");
            write_checkpoint(*v, checkpoint);
            const CliRun run = run_tfw({"export", "--format", "hf-llama", "--checkpoint",
                                        qs(checkpoint), "--out", qs(path(name))});
            QCOMPARE(run.exit_code, 1);
            QVERIFY2(contains(run.err, "not a Llama"), run.err.c_str());
            for (const std::string& reason : reasons)
                QVERIFY2(contains(run.err, reason), (reason + " not in: " + run.err).c_str());
            QVERIFY(!fs::exists(path(name)));
        }
    }

    // Python's sentencepiece reads the models the workbench trains, with the same vocabulary
    // and the same pieces and ids for every sentence.
    void sentencepieceModelsLoadInPython() {
        REQUIRE_PYTHON(kInteropPython, "--interop");
        const std::vector<std::string> text = training_text();
        std::vector<std::string> sentences = kGerman;
        sentences.insert(sentences.end(), kEnglish.begin(), kEnglish.end());
        sentences.insert(sentences.end(), {"ÜBER ALLES, ΑΘΉΝΑ UND МОСКВА", "  spaced   out  ", ""});
        const std::string sentences_file = path("spm-sentences.txt");
        write_lines(sentences_file, sentences);
        const QString reader = QStringLiteral(
            "import json, sys, sentencepiece\n"
            "sp = sentencepiece.SentencePieceProcessor(model_file=sys.argv[1])\n"
            "print(json.dumps([sp.id_to_piece(i) for i in range(sp.get_piece_size())]))\n"
            "for line in open(sys.argv[2], encoding='utf-8').read().split('\\n')[:-1]:\n"
            "    print(json.dumps({'pieces': sp.encode(line, out_type=str),\n"
            "                      'ids': sp.encode(line)}))\n");
        for (const auto model_type : {SubwordModel::Bpe, SubwordModel::Unigram}) {
            for (const bool lowercase : {false, true}) {
                SentencePieceTokenizer::Options options = test::bpe(100);
                options.model_type = model_type;
                options.lowercase = lowercase;
                const auto tokenizer = SentencePieceTokenizer::train({&text}, options);
                const std::string model_file = path("workbench.model");
                std::ofstream(model_file, std::ios::binary) << tokenizer->serialize();

                const CliRun run =
                    run_python(kInteropPython, {"-c", reader, qs(model_file), qs(sentences_file)});
                QVERIFY2(run.exit_code == 0, run.err.c_str());
                std::istringstream lines(run.out);
                std::string line;
                std::getline(lines, line);
                const auto vocabulary = nlohmann::json::parse(line);
                QCOMPARE(vocabulary.size(), size_t(tokenizer->vocab_size()));
                for (int id = 0; id < tokenizer->vocab_size(); ++id)
                    QCOMPARE(vocabulary[size_t(id)].get<std::string>(), tokenizer->piece(id));
                for (const std::string& sentence : sentences) {
                    QVERIFY(std::getline(lines, line));
                    const auto python = nlohmann::json::parse(line);
                    QCOMPARE(python.at("pieces").get<std::vector<std::string>>(),
                             tokenizer->pieces(sentence));
                    QCOMPARE(python.at("ids").get<std::vector<int>>(), tokenizer->encode(sentence));
                }
            }
        }
    }

    // tfw import refuses weights that do not fit the architecture, naming the tensor.
    void importRefusesWeightsThatDoNotFit() {
        const std::string checkpoint = exported(kVariants[0], "unfit");
        QVERIFY(!checkpoint.empty());
        const std::string weights = path("unfit/model.safetensors");
        const SafetensorsContents original = read_safetensors(weights);
        QVERIFY(original.tensors.count("decoder_layers.1.norm3.weight") == 1);
        auto import_error = [&] {
            try {
                import_model(path("unfit"));
            } catch (const std::exception& e) {
                return std::string(e.what());
            }
            return std::string();
        };
        auto rewrite = [&](const std::function<void(NamedTensors&)>& change) {
            NamedTensors tensors(original.tensors.begin(), original.tensors.end());
            change(tensors);
            write_safetensors(weights, tensors);
        };
        rewrite([](NamedTensors& t) {
            t.erase(std::find_if(t.begin(), t.end(), [](const auto& named) {
                return named.first == "decoder_layers.1.norm3.weight";
            }));
        });
        std::string error = import_error();
        QVERIFY2(contains(error, weights) && contains(error, "lacks") &&
                     contains(error, "decoder_layers.1.norm3.weight"),
                 error.c_str());
        rewrite([](NamedTensors& t) {
            for (auto& [name, tensor] : t)
                if (name == "decoder_layers.1.norm3.weight") tensor = at::ones({31});
        });
        error = import_error();
        QVERIFY2(contains(error, "'decoder_layers.1.norm3.weight'") && contains(error, "[31]") &&
                     contains(error, "[32]"),
                 error.c_str());
        rewrite([](NamedTensors& t) { t.emplace_back("extra.weight", at::ones({1})); });
        error = import_error();
        QVERIFY2(contains(error, "does not have: extra.weight"), error.c_str());
        rewrite([](NamedTensors&) {});
        QCOMPARE(import_error(), std::string());
    }

    // The commands say what they cannot do: an unknown format, a seq2seq model without
    // targets, a sentence longer than the model's positions, an existing checkpoint.
    void commandsExplainWhatTheyRefuse() {
        const std::string checkpoint = exported(kVariants[0], "refusals");
        QVERIFY(!checkpoint.empty());
        CliRun run = run_tfw({"export", "--format", "onnx", "--checkpoint", qs(checkpoint), "--out",
                              qs(path("onnx"))});
        QCOMPARE(run.exit_code, 2);
        QVERIFY2(contains(run.err, "'onnx'") && contains(run.err, "safetensors"), run.err.c_str());

        const std::string src = path("refusals.src"), tgt = path("refusals.tgt");
        std::string long_line;
        for (int i = 0; i < 40; ++i) long_line += "Der Hund läuft. ";
        write_lines(src, {"kurz", long_line});
        write_lines(tgt, {"short", "long"});
        run = run_tfw({"logprob", "--checkpoint", qs(checkpoint), "--src", qs(src)});
        QCOMPARE(run.exit_code, 2);
        QVERIFY2(contains(run.err, "--tgt"), run.err.c_str());
        run = run_tfw(
            {"logprob", "--checkpoint", qs(checkpoint), "--src", qs(src), "--tgt", qs(tgt)});
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(contains(run.err, "source sentence 2 needs") && contains(run.err, "has 64"),
                 run.err.c_str());

        run = run_tfw({"import", "--from", qs(path("refusals")), "--out", qs(checkpoint)});
        QCOMPARE(run.exit_code, 2);
        QVERIFY2(contains(run.err, "--force"), run.err.c_str());
        run =
            run_tfw({"import", "--from", qs(path("refusals")), "--out", qs(checkpoint), "--force"});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
    }
};

QTEST_APPLESS_MAIN(TestInterop)
#include "test_interop.moc"
