#pragma once
// Helpers shared by the lesson suites.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QTest>

#include "lessoncore.h"
#include "narration.h"
#include "testutil.h"

namespace ringscope::lesson::test {

using ringscope::test::errorOf;

inline QJsonObject text(const QString& en, const QString& ja) {
    return {{QStringLiteral("en"), en}, {QStringLiteral("ja"), ja}};
}

// Seed 000's ring in 0–99: A@20, B@60, C@90, keys 0..99 as their own positions.
inline QJsonObject seedRing(int replicas = 1) {
    QJsonArray nodes;
    for (const auto& [id, token] : {std::pair{"A", 20}, std::pair{"B", 60}, std::pair{"C", 90}}) {
        nodes.append(QJsonObject{{QStringLiteral("id"), QLatin1StringView(id)},
                                 {QStringLiteral("tokens"), QJsonArray{token}}});
    }
    return {{QStringLiteral("format"), QStringLiteral("ringscope/1")},
            {QStringLiteral("algorithm"), QStringLiteral("ring")},
            {QStringLiteral("space"), 100},
            {QStringLiteral("keyHash"), QStringLiteral("identity")},
            {QStringLiteral("replicas"), replicas},
            {QStringLiteral("nodes"), nodes},
            {QStringLiteral("keys"), QJsonObject{{QStringLiteral("pattern"), QStringLiteral("{i}")},
                                                 {QStringLiteral("count"), 100}}}};
}

// One scenario worked out, with its baseline, as a text of the given moment sees it.
inline Scene sceneOf(const Scenario& current, const Scenario* baseline,
                     Scene::Moment moment = Scene::Moment::Narration) {
    return Scene(Worked::of(current), baseline ? Worked::of(*baseline) : nullptr, moment);
}

}  // namespace ringscope::lesson::test
