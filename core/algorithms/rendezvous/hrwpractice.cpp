// Rendezvous hashing's practice questions (practice.h): which node wins key k, and who owns it
// after a node joins.
#include "practicekit.h"

using namespace Qt::StringLiterals;

namespace ringscope::lesson {

namespace {

constexpr uint64_t kHrwKeys = 100;

// The nodes' ids, the key asked about and, per node, its score (placeholders, the same in both
// languages), drawn in that order.
struct HrwSetup {
    size_t nodes = 0;
    std::vector<QString> ids;
    QString key;
    QString scores;
};

HrwSetup hrwSetup(PracticeDraw& draw, PracticeQuestion& p) {
    HrwSetup s;
    s.nodes = draw.between(kPracticeMinNodes, kPracticeMaxNodes);
    p.before = scenarioFromObject(
        practiceScenario("rendezvous", practicePlainNodes(s.nodes), practiceNamedKeys(kHrwKeys)));
    s.key = practiceKey(draw.below(kHrwKeys), true);
    for (size_t i = 0; i < s.nodes; ++i) {
        s.ids.push_back(practiceNodeId(i));
        s.scores += u" %1 {hrwScore:%1,%2}"_s.arg(practiceNodeId(i), s.key);
    }
    return s;
}

const PracticeKindRegistration kWinner{
    {"hrw-winner", 4, [](PracticeDraw& draw, PracticeQuestion& p) {
         const HrwSetup s = hrwSetup(draw, p);
         askNode(p, "hrwWinner", s.key, say("hrw-winner.ask", {s.ids, s.key}),
                 say("hrw-winner.reveal", {s.key, s.scores}));
     }}};
const PracticeKindRegistration kOwnerAfterJoin{
    {"hrw-owner-after-join", 5, [](PracticeDraw& draw, PracticeQuestion& p) {
         const HrwSetup s = hrwSetup(draw, p);
         const QString joiner = practiceNodeId(s.nodes);
         p.question.change = {practiceAddNode(joiner)};
         askNode(p, "owner", s.key, say("hrw-owner-after-join.ask", {s.ids, s.key, joiner}),
                 say("hrw-owner-after-join.reveal", {s.key, joiner}));
     }}};

}  // namespace

}  // namespace ringscope::lesson
