#pragma once
// The papers and tools a report should cite, from what the runs used: the Transformer always;
// sacreBLEU, chrF, ROUGE when their scores are shown; the dataset's own citation from the data
// catalog; pre-LN, label smoothing, BPE / unigram / SentencePiece and the modern components
// when those settings are on.

#include <string>
#include <vector>

namespace tfw {

struct ReportRun;

struct Bibliography {
    std::string bibtex;              // references.bib
    std::vector<std::string> items;  // "`vaswani2017attention`: Attention Is All You Need"
};

Bibliography report_bibliography(const std::vector<const ReportRun*>& runs);

}  // namespace tfw
