// mod-N's practice question (practice.h): how many keys change bucket when hash % N grows by one.
#include "practicekit.h"

namespace ringscope::lesson {

namespace {

const PracticeKindRegistration kGrow{
    {"modn-grow", 8, [](PracticeDraw& draw, PracticeQuestion& p) {
         const size_t n = draw.between(2, kPracticeMaxNodes);
         p.before = scenarioFromObject(
             practiceScenario("modn", practicePlainNodes(n), practiceNumberKeys()));
         p.question.change = {practiceAddNode(practiceNodeId(n))};
         askMoved(p.question, say("modn-grow.ask", {n, n + 1}), say("modn-grow.reveal"));
     }}};

}  // namespace

}  // namespace ringscope::lesson
