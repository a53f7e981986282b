// Sanity checks: each one passes on a sane setup and fails or warns on the mistake it is
// meant to catch; training writes the quick ones into its run; `tfw check` exit codes.
#include <QTemporaryDir>
#include <QtTest>

#include <ATen/ATen.h>
#include <torch/csrc/autograd/grad_mode.h>

#include <filesystem>
#include <fstream>

#include "core/check/attention_entropy_check.h"
#include "core/check/causal_leak_check.h"
#include "core/check/data_checks.h"
#include "core/check/gradient_norm_check.h"
#include "core/check/initial_loss_check.h"
#include "core/check/overfit_check.h"
#include "core/check/precision_check.h"
#include "core/check/sanity_checks.h"
#include "core/data/split_reader.h"
#include "core/device/cpu_features.h"
#include "core/model/model_options.h"
#include "core/train/trainer.h"

#include "tests/core/test_support.h"

using namespace tfw;

namespace {

constexpr int64_t kVocab = 40;

ExperimentConfig tiny(Task task, bool causal = true) {
    ExperimentConfig c = test::tiny_model_config(task);
    c.model.causal = causal;
    c.model.dropout = 0;
    return c;
}

TransformerModel tiny_model(const ExperimentConfig& c, uint64_t seed = 3) {
    at::manual_seed(seed);
    return TransformerModel(model_options(c, kVocab, kVocab));
}

// Random tokens (no padding) of the given shape: a source and a shifted target.
BatchTensors random_batch(bool seq2seq, int64_t rows, int64_t length, uint64_t seed = 11) {
    at::manual_seed(seed);
    BatchTensors b;
    if (seq2seq) b.src = at::randint(kEosId + 1, kVocab, {rows, length}, at::kLong);
    const at::Tensor tokens = at::randint(kEosId + 1, kVocab, {rows, length + 1}, at::kLong);
    b.tgt_in = tokens.narrow(1, 0, length).clone();
    b.tgt_out = tokens.narrow(1, 1, length).clone();
    return b;
}

void scale_parameters(TransformerModelImpl& model, double factor) {
    torch::NoGradGuard no_grad;
    for (auto& p : model.parameters()) p.mul_(factor);
}

const CheckResult& result(const ChecksReport& report, const std::string& id) {
    for (const CheckResult& r : report.results)
        if (r.id == id) return r;
    throw std::runtime_error("no check " + id);
}

struct ChecksRecorder : TrainingObserver {
    std::vector<ChecksReport> checks;
    void on_checks(const ChecksReport& report) override { checks.push_back(report); }
};

}  // namespace

class TestChecks : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string path(const char* name) { return m_dir.filePath(name).toStdString(); }

    std::string write(const char* name, const std::vector<std::string>& lines) {
        std::ofstream out(path(name));
        for (const auto& line : lines) out << line << "\n";
        return path(name);
    }

  private Q_SLOTS:
    void aCausalModelDoesNotLeak() {
        for (const Task task : {Task::LanguageModel, Task::Translation}) {
            const ExperimentConfig c = tiny(task);
            TransformerModel model = tiny_model(c);
            const CheckResult r =
                check_causal_leak(*model, random_batch(task != Task::LanguageModel, 2, 9));
            QCOMPARE(check_status_name(r.status), std::string("pass"));
            QVERIFY2(r.figure.text().rfind("max change 0 ", 0) == 0, r.figure.text().c_str());
        }
    }

    void aBidirectionalDecoderLeaks() {
        for (const Task task : {Task::LanguageModel, Task::Translation}) {
            const ExperimentConfig c = tiny(task, /*causal=*/false);
            TransformerModel model = tiny_model(c);
            const CheckResult r =
                check_causal_leak(*model, random_batch(task != Task::LanguageModel, 2, 9));
            QCOMPARE(check_status_name(r.status), std::string("fail"));
            QVERIFY2(r.explanation.text().find("future") != std::string::npos,
                     r.explanation.text().c_str());
        }
    }

    void aNonCausalModelStillDecodesStepByStep() {
        ExperimentConfig c = tiny(Task::LanguageModel, /*causal=*/false);
        TransformerModel model = tiny_model(c);
        model->eval();
        torch::NoGradGuard no_grad;
        const BatchTensors b = random_batch(false, 1, 5);
        // A prompt in one step sees all of itself, as the teacher-forced pass does.
        DecoderCache cache;
        const at::Tensor step = model->decode_step(b.tgt_in, nullptr, cache);
        const at::Tensor forced = model->forward({}, b.tgt_in).select(1, 4);
        QVERIFY(at::allclose(step, forced, 1e-5, 1e-5));
        const at::Tensor next = model->decode_step(b.tgt_out.narrow(1, 4, 1), nullptr, cache);
        QCOMPARE(next.size(1), kVocab);
    }

    void initialLossIsNearLnVocabularyAndFailsWhenWeightsAreScaled() {
        const ExperimentConfig c = tiny(Task::Translation);
        TransformerModel model = tiny_model(c);
        const std::vector<BatchTensors> batches = {random_batch(true, 4, 8)};
        QCOMPARE(check_status_name(check_initial_loss(*model, batches).status),
                 std::string("pass"));
        scale_parameters(*model, 100);
        const CheckResult r = check_initial_loss(*model, batches);
        QCOMPARE(check_status_name(r.status), std::string("fail"));
        QVERIFY2(r.explanation.text().find("initialised") != std::string::npos,
                 r.explanation.text().c_str());
    }

    // bf16 asked for where it is emulated: the measured slowdown and what to use instead.
    void bf16WithoutHardwareSupportWarnsWithTheSlowdown() {
        const CheckResult slow = judge_precision(Precision::Bf16, false, false, 18.2);
        QCOMPARE(check_status_name(slow.status), std::string("warn"));
        QCOMPARE(slow.figure.text(), std::string("bf16 18.2× slower than fp32 here"));
        QVERIFY2(slow.explanation.text().find("train.precision auto") != std::string::npos,
                 slow.explanation.text().c_str());
        for (const Precision p : {Precision::Auto, Precision::Fp32})
            QCOMPARE(check_status_name(judge_precision(p, false, false, 0).status),
                     std::string("pass"));
        QCOMPARE(check_status_name(judge_precision(Precision::Bf16, false, true, 0).status),
                 std::string("pass"));
        QCOMPARE(judge_precision(Precision::Auto, false, false, 0).figure.text(),
                 std::string("auto → fp32 (this CPU has no native bf16)"));
        // On this machine, as a run would see it.
        ExperimentConfig c = tiny(Task::Translation);
        c.train.precision = Precision::Bf16;
        const CheckResult here = check_precision(c, at::Device(at::kCPU));
        QCOMPARE(check_status_name(here.status),
                 std::string(cpu_runs_bf16_natively() ? "pass" : "warn"));
    }

    void oneBatchIsOverfittedAtASaneLearningRateOnly() {
        ExperimentConfig c = tiny(Task::Translation);
        c.train.lr = 3e-3;
        c.train.schedule = Schedule::InverseSqrt;
        const BatchTensors batch = random_batch(true, 4, 6);
        TransformerModel model = tiny_model(c);
        const CheckResult good = check_overfit(*model, batch, c, 300);
        QVERIFY2(good.status == CheckStatus::Pass, good.figure.text().c_str());

        c.train.lr = 1e-7;
        model = tiny_model(c);
        const CheckResult tiny_lr = check_overfit(*model, batch, c, 60);
        QCOMPARE(check_status_name(tiny_lr.status), std::string("fail"));
        QVERIFY2(tiny_lr.explanation.text().find("too low") != std::string::npos,
                 tiny_lr.explanation.text().c_str());

        c.train.lr = 5.0;
        c.train.clip_norm = 0;
        model = tiny_model(c);
        const CheckResult huge_lr = check_overfit(*model, batch, c, 60);
        QCOMPARE(check_status_name(huge_lr.status), std::string("fail"));
    }

    void noamOverfitsAtItsPeakLearningRate() {
        ExperimentConfig c = tiny(Task::Translation);
        c.train.schedule = Schedule::Noam;
        c.train.noam_factor = 2.0;
        c.train.warmup_steps = 400;
        QVERIFY(std::abs(overfit_learning_rate(c) - 2.0 / std::sqrt(32.0) / 20.0) < 1e-12);
    }

    void gradientNormsAreReportedPerLayerAndNaNFails() {
        const ExperimentConfig c = tiny(Task::Translation);
        TransformerModel model = tiny_model(c);
        const BatchTensors batch = random_batch(true, 4, 8);
        const CheckResult sane = check_gradient_norms(*model, batch);
        QVERIFY2(sane.status == CheckStatus::Pass, sane.figure.text().c_str());
        std::vector<std::string> parts;
        for (const CheckDetail& detail : sane.details) parts.push_back(detail.name.text());
        for (const char* part : {"target embedding", "encoder layer 1", "encoder layer 2",
                                 "decoder layer 1", "decoder layer 2", "decoder final norm"})
            QVERIFY2(std::find(parts.begin(), parts.end(), part) != parts.end(), part);

        {  // embeddings far too large: they drown the layers, whose gradients vanish
            torch::NoGradGuard no_grad;
            for (auto& item : model->named_parameters())
                if (item.key().rfind("tgt_embedding.", 0) == 0) item.value().mul_(1e4);
        }
        const CheckResult scaled = check_gradient_norms(*model, batch);
        QCOMPARE(check_status_name(scaled.status), std::string("fail"));
        QVERIFY2(scaled.figure.text().find("x above") != std::string::npos &&
                     scaled.explanation.text().find("exploding") != std::string::npos &&
                     scaled.explanation.text().find("vanishing") != std::string::npos,
                 scaled.figure.text().c_str());

        {
            torch::NoGradGuard no_grad;
            model->parameters().front()[0][0] = std::numeric_limits<float>::quiet_NaN();
        }
        const CheckResult broken = check_gradient_norms(*model, batch);
        QCOMPARE(check_status_name(broken.status), std::string("fail"));
        QVERIFY2(broken.figure.text().find("not finite") != std::string::npos,
                 broken.figure.text().c_str());
    }

    void attentionEntropyIsInformationalUntrainedAndFlagsUniformAndDeadHeads() {
        const ExperimentConfig c = tiny(Task::LanguageModel);
        TransformerModel model = tiny_model(c);
        const std::vector<BatchTensors> batches = {random_batch(false, 4, 12)};
        const CheckResult untrained = check_attention_entropy(*model, batches, false);
        QCOMPARE(check_status_name(untrained.status), std::string("skipped"));
        QCOMPARE(untrained.details.size(), size_t(2 * 4));  // 2 layers x 4 heads

        {  // queries of zero: every head spreads its weight evenly
            torch::NoGradGuard no_grad;
            for (auto& item : model->named_parameters())
                if (item.key().find("self_attention.in_proj") != std::string::npos)
                    item.value().narrow(0, 0, c.model.d_model).zero_();
        }
        const auto uniform = attention_entropies(*model, batches);
        for (const HeadEntropy& e : uniform) QVERIFY(e.entropy > 0.999);
        QCOMPARE(check_status_name(check_attention_entropy(*model, batches, true).status),
                 std::string("warn"));

        {  // one head's output projection zeroed: it contributes nothing
            torch::NoGradGuard no_grad;
            for (auto& item : model->named_parameters())
                if (item.key() == "decoder_layers.0.self_attention.out_proj.weight")
                    item.value().narrow(1, 0, c.model.d_model / c.model.heads).zero_();
        }
        const CheckResult dead = check_attention_entropy(*model, batches, true);
        QVERIFY2(dead.figure.text().find("1 dead") != std::string::npos,
                 dead.figure.text().c_str());
    }

    void selectiveHeadsPass() {
        const ExperimentConfig c = tiny(Task::LanguageModel);
        TransformerModel model = tiny_model(c);
        {  // sharper queries and keys: each head prefers some keys, differently per query
            torch::NoGradGuard no_grad;
            for (auto& item : model->named_parameters())
                if (item.key().find("self_attention.in_proj.weight") != std::string::npos)
                    item.value().narrow(0, 0, 2 * c.model.d_model).mul_(4);
        }
        const CheckResult r = check_attention_entropy(*model, {random_batch(false, 4, 12)}, true);
        QVERIFY2(r.status == CheckStatus::Pass,
                 (r.figure.text() + "\n" + r.explanation.text()).c_str());
    }

    void duplicatesBetweenTrainAndTestWarn() {
        ExperimentConfig c = tiny(Task::Translation);
        RawCorpus corpus;
        for (int i = 0; i < 50; ++i) {
            corpus.train.src.push_back("source " + std::to_string(i));
            corpus.train.tgt.push_back("target " + std::to_string(i));
        }
        corpus.valid.src = {"new a", "new b"};
        corpus.valid.tgt = {"x", "y"};
        corpus.test = corpus.valid;
        QCOMPARE(check_status_name(check_duplicates(c, corpus).status), std::string("pass"));
        corpus.test.src.push_back(corpus.train.src[7]);
        corpus.test.tgt.push_back(corpus.train.tgt[7]);
        const CheckResult r = check_duplicates(c, corpus);
        QCOMPARE(check_status_name(r.status), std::string("warn"));
        QVERIFY2(r.figure.text().find("test 33.3%") != std::string::npos, r.figure.text().c_str());
        // The same source with another target is a different pair.
        corpus.test.tgt.back() = "other";
        QCOMPARE(check_status_name(check_duplicates(c, corpus).status), std::string("pass"));
    }

    void reverseTaskDataPassesAndAHighUnknownShareOrShortLimitsWarn() {
        ExperimentConfig c = test::tiny_reverse_run();
        CheckOptions quick;
        quick.quick_only = true;
        const ChecksReport sane = run_checks(c, quick);
        for (const char* id : {"data_lengths", "dropped_pairs", "unknown_tokens", "duplicates",
                               "initial_loss", "causal_leak", "precision"})
            QVERIFY2(result(sane, id).status == CheckStatus::Pass,
                     (std::string(id) + ": " + result(sane, id).figure.text()).c_str());
        QVERIFY(sane.all_passed());

        c.tokenizer.vocab_size = 12;  // most words of the task become <unk>
        c.data.max_src_len = 6;       // most pairs are longer
        c.data.max_tgt_len = 6;
        const ChecksReport broken = run_checks(c, quick);
        QCOMPARE(check_status_name(result(broken, "unknown_tokens").status), std::string("warn"));
        QCOMPARE(check_status_name(result(broken, "dropped_pairs").status), std::string("warn"));
        QVERIFY(broken.all_passed());  // warnings are not failures
    }

    // Penn Treebank writes its rare words as <unk>: those are the benchmark's, not a
    // vocabulary that fails to cover the text.
    void unknownsTheCorpusWritesItselfPass() {
        std::vector<std::string> lines;
        for (int i = 0; i < 40; ++i)
            lines.push_back("the <unk> sat on a <unk> mat " + std::to_string(i % 4));
        ExperimentConfig c = tiny(Task::LanguageModel);
        c.tokenizer.type = TokenizerType::Word;
        c.tokenizer.vocab_size = 0;
        c.data.synthetic = Synthetic::None;
        c.data.train = write("marked.train", lines);
        c.data.valid = write("marked.valid", {lines.begin(), lines.begin() + 5});
        const auto log = [](LogLevel, const std::string&) {};
        CheckResult r = check_unknown_tokens(prepare_data(c, log), read_corpus(c));
        QCOMPARE(check_status_name(r.status), std::string("pass"));
        QVERIFY2(r.explanation.text().find("corpus itself") != std::string::npos,
                 r.explanation.text().c_str());

        c.tokenizer.vocab_size = 4;  // now the vocabulary leaves words out as well
        r = check_unknown_tokens(prepare_data(c, log), read_corpus(c));
        QCOMPARE(check_status_name(r.status), std::string("warn"));
    }

    void aLeakyExperimentFailsAndReportsProgress() {
        ExperimentConfig c = test::tiny_reverse_run();
        c.model.causal = false;
        CheckOptions options;
        options.overfit_steps = 5;
        std::vector<std::string> titles;
        const ChecksReport report =
            run_checks(c, options, [&](const std::string& title, int i, int count) {
                QCOMPARE(i, static_cast<int>(titles.size()));
                QCOMPARE(count, 10);
                titles.push_back(title);
            });
        QCOMPARE(report.results.size(), size_t(10));
        QCOMPARE(check_status_name(result(report, "causal_leak").status), std::string("fail"));
        QVERIFY(!report.all_passed());
        const nlohmann::json json = checks_json(report);
        QCOMPARE(json.at("all_passed").get<bool>(), false);
        QCOMPARE(json.at("checks").size(), size_t(10));
        QCOMPARE(json.at("checks")[5].at("id").get<std::string>(), std::string("causal_leak"));
        QCOMPARE(json.at("checks")[5].at("status").get<std::string>(), std::string("fail"));
    }

    void cancellingStopsBetweenChecks() {
        const std::atomic<bool> cancel{true};
        const ChecksReport report = run_checks(test::tiny_reverse_run(), {}, {}, &cancel);
        QVERIFY(report.results.empty());
    }

    void aNewRunWritesItsQuickChecks() {
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.max_steps = 2;
        c.model.causal = false;  // a failed check warns; the run still trains
        ChecksRecorder recorder;
        TrainingControl control;
        const std::string dir = path("run");
        const TrainingFinished finished = train_new(c, dir, recorder, control);
        QCOMPARE(static_cast<int>(finished.reason), static_cast<int>(FinishReason::Completed));
        QCOMPARE(recorder.checks.size(), size_t(1));
        QCOMPARE(check_status_name(result(recorder.checks[0], "causal_leak").status),
                 std::string("fail"));
        std::ifstream in(dir + "/checks.json");
        const nlohmann::json json = nlohmann::json::parse(in);
        QCOMPARE(json.at("checks").size(), recorder.checks[0].results.size());
        std::ifstream log(dir + "/train.log");
        const std::string text(std::istreambuf_iterator<char>(log), {});
        QVERIFY(text.find("warning: check fail: No peeking at future tokens") != std::string::npos);
        QVERIFY(text.find("check pass: Unknown tokens") != std::string::npos);

        ChecksRecorder resumed;
        c.train.max_steps = 3;
        train_resume(dir, resumed, control);
        QVERIFY(resumed.checks.empty());
    }

    void cliExitCodes() {
        const QStringList tiny = {"--preset",         "demo",  "--quick",          "--set",
                                  "model.d_model=32", "--set", "model.ffn_dim=64", "--set",
                                  "train.threads=1"};
        const test::CliRun sane = test::run_tfw(QStringList{"check"} + tiny);
        QVERIFY2(sane.exit_code == 0, (sane.out + sane.err).c_str());
        QVERIFY2(sane.out.find("PASS    No peeking at future tokens") != std::string::npos,
                 sane.out.c_str());

        const test::CliRun leaky = test::run_tfw(QStringList{"check", "--json"} + tiny +
                                                 QStringList{"--set", "model.causal=false"});
        QCOMPARE(leaky.exit_code, 1);
        const nlohmann::json json = nlohmann::json::parse(leaky.out);
        QCOMPARE(json.at("all_passed").get<bool>(), false);

        QCOMPARE(test::run_tfw({"check"}).exit_code, 2);
        QCOMPARE(test::run_tfw({"check", "--preset", "demo", "--overfit-steps", "0"}).exit_code, 2);
        QCOMPARE(test::run_tfw({"check", "--preset", "nosuch"}).exit_code, 2);
    }
};

QTEST_GUILESS_MAIN(TestChecks)
#include "test_checks.moc"
