#include "core/report/report_bibliography.h"

#include <map>

#include "core/fetch/dataset_catalog.h"
#include "core/report/report_run.h"

namespace tfw {
namespace {

// Key -> BibTeX entry, in the order they are listed.
const std::vector<std::pair<std::string, std::string>>& entries() {
    static const std::vector<std::pair<std::string, std::string>> all = {
        {"vaswani2017attention",
         "@inproceedings{vaswani2017attention,\n  title = {Attention Is All You Need},\n  author = "
         "{Vaswani, Ashish and Shazeer, Noam and Parmar, Niki and Uszkoreit, Jakob and Jones, "
         "Llion "
         "and Gomez, Aidan N. and Kaiser, {\\L}ukasz and Polosukhin, Illia},\n  booktitle = "
         "{Advances in Neural Information Processing Systems},\n  volume = {30},\n  year = "
         "{2017}\n}\n"},
        {"post2018call",
         "@inproceedings{post2018call,\n  title = {A Call for Clarity in Reporting {BLEU} "
         "Scores},\n"
         "  author = {Post, Matt},\n  booktitle = {Proceedings of the Third Conference on Machine "
         "Translation: Research Papers},\n  pages = {186--191},\n  year = {2018}\n}\n"},
        {"papineni2002bleu",
         "@inproceedings{papineni2002bleu,\n  title = {{BLEU}: a Method for Automatic Evaluation "
         "of "
         "Machine Translation},\n  author = {Papineni, Kishore and Roukos, Salim and Ward, Todd "
         "and "
         "Zhu, Wei-Jing},\n  booktitle = {Proceedings of the 40th Annual Meeting of the "
         "Association for Computational Linguistics},\n  pages = {311--318},\n  year = "
         "{2002}\n}\n"},
        {"popovic2015chrf",
         "@inproceedings{popovic2015chrf,\n  title = {chr{F}: character n-gram {F}-score for "
         "automatic {MT} evaluation},\n  author = {Popovi{\\'c}, Maja},\n  booktitle = "
         "{Proceedings of the Tenth Workshop on Statistical Machine Translation},\n  pages = "
         "{392--395},\n  year = {2015}\n}\n"},
        {"lin2004rouge",
         "@inproceedings{lin2004rouge,\n  title = {{ROUGE}: A Package for Automatic Evaluation of "
         "Summaries},\n  author = {Lin, Chin-Yew},\n  booktitle = {Text Summarization Branches "
         "Out},\n  pages = {74--81},\n  year = {2004}\n}\n"},
        {"xiong2020layer",
         "@inproceedings{xiong2020layer,\n  title = {On Layer Normalization in the Transformer "
         "Architecture},\n  author = {Xiong, Ruibin and Yang, Yunchang and He, Di and Zheng, Kai "
         "and Zheng, Shuxin and Xing, Chen and Zhang, Huishuai and Lan, Yanyan and Wang, Liwei and "
         "Liu, Tie-Yan},\n  booktitle = {International Conference on Machine Learning},\n  year = "
         "{2020}\n}\n"},
        {"szegedy2016rethinking",
         "@inproceedings{szegedy2016rethinking,\n  title = {Rethinking the Inception Architecture "
         "for Computer Vision},\n  author = {Szegedy, Christian and Vanhoucke, Vincent and Ioffe, "
         "Sergey and Shlens, Jon and Wojna, Zbigniew},\n  booktitle = {IEEE Conference on Computer "
         "Vision and Pattern Recognition},\n  pages = {2818--2826},\n  year = {2016}\n}\n"},
        {"sennrich2016neural",
         "@inproceedings{sennrich2016neural,\n  title = {Neural Machine Translation of Rare Words "
         "with Subword Units},\n  author = {Sennrich, Rico and Haddow, Barry and Birch, "
         "Alexandra},\n  booktitle = {Proceedings of the 54th Annual Meeting of the Association "
         "for "
         "Computational Linguistics},\n  pages = {1715--1725},\n  year = {2016}\n}\n"},
        {"kudo2018subword",
         "@inproceedings{kudo2018subword,\n  title = {Subword Regularization: Improving Neural "
         "Network Translation Models with Multiple Subword Candidates},\n  author = {Kudo, Taku},\n"
         "  booktitle = {Proceedings of the 56th Annual Meeting of the Association for "
         "Computational Linguistics},\n  pages = {66--75},\n  year = {2018}\n}\n"},
        {"kudo2018sentencepiece",
         "@inproceedings{kudo2018sentencepiece,\n  title = {{SentencePiece}: A simple and language "
         "independent subword tokenizer and detokenizer for Neural Text Processing},\n  author = "
         "{Kudo, Taku and Richardson, John},\n  booktitle = {Proceedings of the 2018 Conference on "
         "Empirical Methods in Natural Language Processing: System Demonstrations},\n  pages = "
         "{66--71},\n  year = {2018}\n}\n"},
        {"su2024roformer",
         "@article{su2024roformer,\n  title = {{RoFormer}: Enhanced Transformer with Rotary "
         "Position Embedding},\n  author = {Su, Jianlin and Ahmed, Murtadha and Lu, Yu and Pan, "
         "Shengfeng and Bo, Wen and Liu, Yunfeng},\n  journal = {Neurocomputing},\n  volume = "
         "{568},\n  year = {2024}\n}\n"},
        {"press2022train",
         "@inproceedings{press2022train,\n  title = {Train Short, Test Long: Attention with Linear "
         "Biases Enables Input Length Extrapolation},\n  author = {Press, Ofir and Smith, Noah A. "
         "and Lewis, Mike},\n  booktitle = {International Conference on Learning "
         "Representations},\n  year = {2022}\n}\n"},
        {"zhang2019root",
         "@inproceedings{zhang2019root,\n  title = {Root Mean Square Layer Normalization},\n  "
         "author = {Zhang, Biao and Sennrich, Rico},\n  booktitle = {Advances in Neural "
         "Information Processing Systems},\n  volume = {32},\n  year = {2019}\n}\n"},
        {"shazeer2020glu",
         "@article{shazeer2020glu,\n  title = {{GLU} Variants Improve Transformer},\n  author = "
         "{Shazeer, Noam},\n  journal = {arXiv preprint arXiv:2002.05202},\n  year = {2020}\n}\n"},
        {"ainslie2023gqa",
         "@inproceedings{ainslie2023gqa,\n  title = {{GQA}: Training Generalized Multi-Query "
         "Transformer Models from Multi-Head Checkpoints},\n  author = {Ainslie, Joshua and "
         "Lee-Thorp, James and de Jong, Michiel and Zemlyanskiy, Yury and Lebr{\\'o}n, Federico "
         "and Sanghai, Sumit},\n  booktitle = {Proceedings of the 2023 Conference on Empirical "
         "Methods in Natural Language Processing},\n  pages = {4895--4901},\n  year = {2023}\n}\n"},
        {"loshchilov2019decoupled",
         "@inproceedings{loshchilov2019decoupled,\n  title = {Decoupled Weight Decay "
         "Regularization},\n  author = {Loshchilov, Ilya and Hutter, Frank},\n  booktitle = "
         "{International Conference on Learning Representations},\n  year = {2019}\n}\n"},
    };
    return all;
}

// The title of an entry without BibTeX's braces.
std::string entry_title(const std::string& entry) {
    const size_t start = entry.find("title = {") + 9;
    std::string title;
    int depth = 1;
    for (size_t i = start; i < entry.size() && depth > 0; ++i) {
        if (entry[i] == '{')
            ++depth;
        else if (entry[i] == '}')
            --depth;
        if (depth > 0 && entry[i] != '{' && entry[i] != '}') title += entry[i];
    }
    return title;
}

std::string bibtex_escape(const std::string& text) {
    std::string out;
    for (const char c : text) {
        if (c == '&' || c == '%' || c == '#' || c == '_') out += '\\';
        out += c;
    }
    return out;
}

}  // namespace

Bibliography report_bibliography(const std::vector<const ReportRun*>& runs) {
    std::map<std::string, bool> cited{{"vaswani2017attention", true}};
    std::vector<const Dataset*> datasets;
    for (const ReportRun* run : runs) {
        const ExperimentConfig& c = run->config;
        for (const Evaluation& e : run->evaluations) {
            if (e.metric("bleu")) cited["post2018call"] = cited["papineni2002bleu"] = true;
            if (e.metric("chrf")) cited["popovic2015chrf"] = cited["post2018call"] = true;
            if (e.metric("rougeL")) cited["lin2004rouge"] = true;
        }
        if (c.model.norm == NormPlacement::Pre) cited["xiong2020layer"] = true;
        if (c.train.label_smoothing > 0) cited["szegedy2016rethinking"] = true;
        if (c.tokenizer.type == TokenizerType::SentencePiece) {
            cited["kudo2018sentencepiece"] = true;
            cited[c.tokenizer.model_type == SubwordModel::Bpe ? "sennrich2016neural"
                                                              : "kudo2018subword"] = true;
        }
        if (c.model.positional == Positional::Rope) cited["su2024roformer"] = true;
        if (c.model.positional == Positional::Alibi) cited["press2022train"] = true;
        if (c.model.normalization == Normalization::Rms) cited["zhang2019root"] = true;
        if (c.model.activation == Activation::Swiglu || c.model.activation == Activation::Geglu)
            cited["shazeer2020glu"] = true;
        if (c.model.resolved_kv_heads() != c.model.heads) cited["ainslie2023gqa"] = true;
        if (c.train.optimizer == OptimizerType::AdamW) cited["loshchilov2019decoupled"] = true;
        const DataConfig& d = c.data;
        for (const std::string* path : {&d.train_src, &d.train}) {
            if (path->empty()) continue;
            const Dataset* dataset = dataset_with_file(*path);
            if (dataset && std::find(datasets.begin(), datasets.end(), dataset) == datasets.end())
                datasets.push_back(dataset);
        }
    }
    Bibliography bibliography;
    for (const auto& [key, entry] : entries()) {
        if (!cited.count(key)) continue;
        bibliography.bibtex += entry + "\n";
        bibliography.items.push_back("`" + key + "`: " + entry_title(entry));
    }
    for (const Dataset* dataset : datasets) {
        const std::string key = "dataset-" + dataset->name;
        bibliography.bibtex += "@misc{" + key + ",\n  title = {" + bibtex_escape(dataset->title) +
                               "},\n  note = {" + bibtex_escape(dataset->citation) +
                               "},\n  howpublished = {\\url{" + dataset->homepage + "}}\n}\n\n";
        bibliography.items.push_back("`" + key + "`: " + dataset->citation);
    }
    return bibliography;
}

}  // namespace tfw
