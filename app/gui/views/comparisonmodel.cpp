#include "comparisonmodel.h"

#include <QCoreApplication>

#include <algorithm>
#include <set>
#include <string_view>

#include "computed.h"
#include "document.h"
#include "numberformat.h"
#include "qstrings.h"
#include "ringscope/assign.h"
#include "ringscope/error.h"
#include "ringscope/placement.h"

namespace ringscope {

namespace {

std::set<std::string_view> idsOf(const Placement& placement) {
    std::set<std::string_view> ids;
    for (const NodeInfo& n : placement.nodes()) {
        ids.insert(n.id);
    }
    return ids;
}

}  // namespace

Placed placeKeys(const Scenario& scenario, const KeySet& keys, const HashedKeys& hashed) {
    Placed p;
    p.placement = Placement::build(scenario);
    p.assignment = assign(p.placement, keys.names, hashed);
    return p;
}

const std::vector<ComparedAlgorithm>& comparedAlgorithms() {
    static const std::vector<ComparedAlgorithm> algorithms = [] {
        std::vector<ComparedAlgorithm> out;
        for (const auto& row : kAlgorithms) {
            switch (row.module().traits().compared) {
                case Compared::No:
                    break;
                case Compared::Plain:
                    out.emplace_back(row.value);
                    break;
                case Compared::PlainAndBounded:
                    out.emplace_back(row.value);
                    out.emplace_back(row.value, kComparedBalanceFactorPercent);
                    break;
            }
        }
        return out;
    }();
    return algorithms;
}

QString algorithmLabel(Algorithm algorithm) {
    // The module's label, marked for the translation files where the module names it.
    return QCoreApplication::translate("Algorithm",
                                       std::string(moduleOf(algorithm).label()).c_str());
}

QString algorithmLabel(const ComparedAlgorithm& compared) {
    const QString plain = algorithmLabel(compared.algorithm);
    if (!compared.boundedLoadPercent) {
        return plain;
    }
    return QCoreApplication::translate("Algorithm", "%1, bounded %2")
        .arg(plain)
        .arg(format::fixed(*compared.boundedLoadPercent / 100.0, 2));
}

QString algorithmChartLabel(const ComparedAlgorithm& compared) {
    const QString plain = algorithmLabel(compared.algorithm);
    return compared.boundedLoadPercent
               ? QCoreApplication::translate("Algorithm", "Bounded %1").arg(plain)
               : plain;
}

QString whyNotCompared(const ComparedAlgorithm& compared, const Scenario& scenario) {
    const bool anyDown = std::any_of(scenario.nodes.begin(), scenario.nodes.end(),
                                     [](const NodeSpec& n) { return n.down; });
    if (compared.boundedLoadPercent && anyDown) {
        return QCoreApplication::translate(
            "Algorithm",
            "bounded loads do not model a down node (its capacity would change with it); bring "
            "the node up to compare it");
    }
    return {};
}

Scenario asAlgorithm(const Scenario& scenario, const ComparedAlgorithm& compared) {
    Scenario s = asAlgorithm(scenario, compared.algorithm);
    s.boundedLoadPercent = compared.boundedLoadPercent;
    return s;
}

QString describeChange(const Scenario& before, const Scenario& after) {
    QStringList parts;
    if (nodeMatch(before, after) == NodeMatch::ByIndex) {
        for (size_t n = 0; n < after.nodes.size(); ++n) {
            if (before.nodes[n].id != after.nodes[n].id) {
                parts << QObject::tr("renamed %1 to %2")
                             .arg(qs(before.nodes[n].id), qs(after.nodes[n].id));
            }
        }
        return parts.join(QStringLiteral(", "));
    }
    const auto find = [](const Scenario& s, const std::string& id) -> const NodeSpec* {
        for (const NodeSpec& n : s.nodes) {
            if (n.id == id) {
                return &n;
            }
        }
        return nullptr;
    };
    for (const NodeSpec& n : after.nodes) {
        const NodeSpec* old = find(before, n.id);
        if (!old) {
            parts << QObject::tr("added %1").arg(qs(n.id));
        } else if (old->weight != n.weight) {
            parts
                << QObject::tr("weight of %1 %2 → %3").arg(qs(n.id)).arg(old->weight).arg(n.weight);
        } else if (old->tokens != n.tokens || old->vnodes != n.vnodes) {
            parts << QObject::tr("tokens of %1").arg(qs(n.id));
        } else if (old->down != n.down) {
            parts << (n.down ? QObject::tr("%1 marked down") : QObject::tr("%1 brought up"))
                         .arg(qs(n.id));
        }
    }
    for (const NodeSpec& n : before.nodes) {
        if (!find(after, n.id)) {
            parts << QObject::tr("removed %1").arg(qs(n.id));
        }
    }
    return parts.join(QStringLiteral(", "));
}

std::optional<MembershipChange> membershipChange(const Scenario& before, const Scenario& after) {
    if (!sameKeyPositions(before, after)) {
        return std::nullopt;
    }
    const bool added = after.nodes.size() == before.nodes.size() + 1;
    if (!added && before.nodes.size() != after.nodes.size() + 1) {
        return std::nullopt;
    }
    const std::vector<NodeSpec>& longer = added ? after.nodes : before.nodes;
    const std::vector<NodeSpec>& shorter = added ? before.nodes : after.nodes;
    // The first place the ids differ is the node that came or went; the rest must line up.
    size_t at = 0;
    while (at < shorter.size() && shorter[at].id == longer[at].id) {
        ++at;
    }
    for (size_t i = at; i < shorter.size(); ++i) {
        if (shorter[i].id != longer[i + 1].id) {
            return std::nullopt;
        }
    }
    using Kind = MembershipChange::Kind;
    return MembershipChange{added ? Kind::Added : Kind::Removed, at, longer[at].id};
}

QString answerWithheldNote() {
    return QObject::tr("Predict first: this is shown once you have answered the question.");
}

QString noMembershipChangeNote() {
    return QObject::tr(" The last change added or removed no node, so this is a what-if.");
}

KeySet firstKeys(const KeySet& keys, size_t count) {
    KeySet out;
    count = std::min(count, keys.size());
    out.names = keys.names.first(count);
    const auto head = [count](const auto& v) {
        return std::decay_t<decltype(v)>(v.begin(),
                                         v.begin() + ptrdiff_t(std::min(count, v.size())));
    };
    out.sizes = head(keys.sizes);
    out.requests = head(keys.requests);
    out.lines = head(keys.lines);
    out.source = keys.source;
    out.hasSizes = keys.hasSizes;
    out.hasPopularity = keys.hasPopularity;
    out.evenRequests = keys.evenRequests;
    return out;
}

std::shared_ptr<const KeySet> sampleKeys(const std::shared_ptr<const KeySet>& keys, size_t cap) {
    if (!keys || keys->size() <= cap) {
        return keys;
    }
    return std::make_shared<const KeySet>(firstKeys(*keys, cap));
}

const AlgorithmResult* ComparisonResult::find(const ComparedAlgorithm& compared) const {
    for (const AlgorithmResult& r : algorithms) {
        if (r.compared() == compared) {
            return &r;
        }
    }
    return nullptr;
}

ComparisonResult compareAlgorithms(const ComparisonInput& input) {
    ComparisonResult out;
    if (!input.keys) {
        return out;
    }
    out.keysTotal = input.keys->size();
    const uint64_t nodes =
        std::max<size_t>({1, input.before.nodes.size(), input.after.nodes.size()});
    const size_t cap = static_cast<size_t>(std::max<uint64_t>(1, input.maxWork / nodes));
    const auto sample = sampleKeys(input.keys, cap);
    const KeySet& keys = *sample;
    out.keysUsed = keys.size();
    const bool compare = input.before != input.after && sameKeySet(input.before, input.after);
    out.change = compare ? describeChange(input.before, input.after) : QString();
    const NodeMatch match = nodeMatch(input.before, input.after);

    // Keys are hashed once per key hashing; placements that hash alike share it.
    std::vector<std::pair<KeyHashing, std::shared_ptr<const HashedKeys>>> hashings;
    const auto hashedFor = [&](const Scenario& s) -> const HashedKeys& {
        const KeyHashing hashing = keyHashingOf(s);
        for (const auto& [known, hashed] : hashings) {
            if (known == hashing) {
                return *hashed;
            }
        }
        hashings.emplace_back(hashing, std::make_shared<const HashedKeys>(hashKeys(keys, hashing)));
        return *hashings.back().second;
    };

    for (const ComparedAlgorithm& algorithm : input.algorithms) {
        AlgorithmResult r;
        r.algorithm = algorithm.algorithm;
        r.boundedLoadPercent = algorithm.boundedLoadPercent;
        r.error = whyNotCompared(algorithm, input.after);
        if (r.error.isEmpty() && compare) {
            r.error = whyNotCompared(algorithm, input.before);
        }
        if (!r.error.isEmpty()) {
            out.algorithms.push_back(std::move(r));
            continue;
        }
        try {
            const Scenario afterScenario = asAlgorithm(input.after, algorithm);
            const Placed after = placeKeys(afterScenario, keys, hashedFor(afterScenario));
            for (const NodeInfo& n : after.placement.nodes()) {
                r.nodeIds.push_back(n.id);
            }
            r.stats = computeStats(after.placement, after.assignment, keys);
            if (compare) {
                const Scenario beforeScenario = asAlgorithm(input.before, algorithm);
                const Placed before = placeKeys(beforeScenario, keys, hashedFor(beforeScenario));
                r.diff = diff(before.placement, before.assignment, after.placement,
                              after.assignment, keys, match);
                const auto oldIds = idsOf(before.placement);
                const auto newIds = idsOf(after.placement);
                // A rename brings no node and takes none away.
                for (size_t i = 0; match == NodeMatch::ById && i < r.diff->changed.size(); ++i) {
                    if (r.diff->changes[i] != KeyChange::Primary) {
                        continue;
                    }
                    const size_t k = r.diff->changed[i];
                    const std::string& from =
                        before.placement.nodes()[before.assignment.primary(k)].id;
                    const std::string& to = after.placement.nodes()[after.assignment.primary(k)].id;
                    r.movedToNew += oldIds.contains(to) ? 0 : 1;
                    r.movedFromGone += newIds.contains(from) ? 0 : 1;
                }
            }
        } catch (const std::exception& e) {
            r.error = QString::fromStdString(describeFailure(e));
        }
        out.algorithms.push_back(std::move(r));
    }
    return out;
}

// ---------------------------------------------------------------------------------------------

ComparisonModel::ComparisonModel(Document* document, std::vector<ComparedAlgorithm> algorithms,
                                 QObject* parent)
    : QObject(parent),
      m_document(document),
      m_algorithms(std::move(algorithms)),
      m_job(
          this, kViewDebounceMs,
          [this] {
              ComparisonInput input;
              input.before = m_document->baselineScenario();
              input.after = m_document->scenario();
              input.keys = m_document->computed()->keys;
              input.algorithms = m_algorithms;
              input.maxWork = m_maxWork;
              return [input = std::move(input)] { return compareAlgorithms(input); };
          },
          [this](ComparisonResult result) {
              m_result = std::move(result);
              emit resultChanged();
              if (!isBusy()) {
                  emit busyChanged(false);
              }
          }) {
    connect(document, &Document::scenarioChanged, this, &ComparisonModel::refresh);
    connect(document, &Document::baselineChanged, this, &ComparisonModel::refresh);
    refresh();
}

ComparisonModel::~ComparisonModel() = default;

void ComparisonModel::setMaxWork(uint64_t work) {
    m_maxWork = work;
    refresh();
}

void ComparisonModel::refresh() {
    const bool wasBusy = isBusy();
    m_job.schedule();
    if (!wasBusy) {
        emit busyChanged(true);
    }
}

void ComparisonModel::waitForIdle() {
    m_job.waitForIdle();
}

}  // namespace ringscope
