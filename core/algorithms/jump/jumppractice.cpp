// Jump hash's practice questions (practice.h): how many keys move when a middle bucket's node
// leaves (the table renumbered, or the last node moved into the gap), and who owns key k then.
#include "jumpplacement.h"
#include "practicekit.h"

namespace ringscope::lesson {

namespace {

constexpr uint64_t kJumpKeys = 1000;
constexpr size_t kMaxJumpNodes = 8;

// The scenario, the leaving node and the repair, drawn in that order; the setup's text.
struct JumpSetup {
    QString leaving;
    bool renumber = true;
    Text text;
};

JumpSetup jumpSetup(PracticeDraw& draw, PracticeQuestion& p) {
    const size_t n = draw.between(kPracticeMinNodes + 1, kMaxJumpNodes);
    p.before = scenarioFromObject(
        practiceScenario("jump", practicePlainNodes(n), practiceNamedKeys(kJumpKeys)));
    JumpSetup s;
    s.leaving = practiceNodeId(draw.below(n - 1));  // never the last: that is the easy case
    const JumpRemoval mode = draw.below(2) ? JumpRemoval::MoveLast : JumpRemoval::Renumber;
    p.question.change = {practiceRemoveNode(s.leaving, jumpRemovalMode(mode))};
    std::vector<QString> ids;
    for (size_t i = 0; i < n; ++i) {
        ids.push_back(practiceNodeId(i));
    }
    s.renumber = mode == JumpRemoval::Renumber;
    s.text = s.renumber ? say("jump.setup.renumber", {ids, s.leaving})
                        : say("jump.setup.move-last", {ids, s.leaving, practiceNodeId(n - 1)});
    return s;
}

const PracticeKindRegistration kRemoval{
    {"jump-removal", 6, [](PracticeDraw& draw, PracticeQuestion& p) {
         const JumpSetup s = jumpSetup(draw, p);
         const Text why = s.renumber ? say("jump-removal.why.renumber", {s.leaving})
                                     : say("jump-removal.why.move-last", {s.leaving});
         askMoved(p.question, then(s.text, say("jump-removal.ask")),
                  then(say("jump-removal.reveal"), why));
     }}};
const PracticeKindRegistration kOwnerAfterRemoval{
    {"jump-owner-after-removal", 7, [](PracticeDraw& draw, PracticeQuestion& p) {
         const JumpSetup s = jumpSetup(draw, p);
         const QString k = practiceKey(draw.below(kJumpKeys), true);
         askNode(p, "owner", k, then(s.text, say("jump-owner-after-removal.ask", {k})),
                 say("jump-owner-after-removal.reveal", {k}));
     }}};

}  // namespace

}  // namespace ringscope::lesson
