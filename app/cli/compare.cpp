#include "command.h"
#include "verdicttable.h"

namespace ringscope::cli {

namespace {

QJsonObject movesJson(const VerdictMoves& m, size_t keys) {
    if (!m.error.isEmpty()) {
        return {{QStringLiteral("node"), QString::fromStdString(m.node)},
                {QStringLiteral("error"), m.error}};
    }
    return {{QStringLiteral("node"), QString::fromStdString(m.node)},
            {QStringLiteral("moved"), qint64(m.moved)},
            {QStringLiteral("movedElsewhere"), qint64(m.movedElsewhere)},
            {QStringLiteral("idealFraction"), jsonNumber(m.ideal)},
            {QStringLiteral("overIdeal"), jsonNumber(m.overIdeal(keys))}};
}

// What decides where a node's keys go: "id", "place" or "slots".
QString namesJson(VerdictRow::Names names) {
    switch (names) {
        case VerdictRow::Names::Id:
            return QStringLiteral("id");
        case VerdictRow::Names::Place:
            return QStringLiteral("place");
        case VerdictRow::Names::Slots:
            return QStringLiteral("slots");
    }
    return {};
}

QJsonValue flagJson(std::optional<bool> value) {
    return value ? QJsonValue(*value) : QJsonValue();
}

QJsonObject verdictJson(const Verdict& v) {
    QJsonArray rows;
    for (const VerdictRow& r : v.rows) {
        QJsonObject row{
            {QStringLiteral("algorithm"), QString::fromUtf8(algorithmName(r.algorithm))},
            {QStringLiteral("weights"), r.weights},
            {QStringLiteral("names"), namesJson(r.names)}};
        if (!r.error.isEmpty()) {
            row[QStringLiteral("error")] = r.error;
        } else {
            row[QStringLiteral("lookupNs")] = jsonNumber(r.lookupNs);
            row[QStringLiteral("timedKeys")] = qint64(r.timedKeys);
            row[QStringLiteral("lookupBytes")] = qint64(r.lookupBytes);
            row[QStringLiteral("balance")] = jsonNumber(r.balance);
            row[QStringLiteral("busiest")] = QString::fromStdString(r.busiest);
            row[QStringLiteral("add")] = movesJson(r.add, v.keysUsed);
            row[QStringLiteral("removeLast")] = movesJson(r.removeLast, v.keysUsed);
            row[QStringLiteral("removeMiddle")] = movesJson(r.removeMiddle, v.keysUsed);
            row[QStringLiteral("anyRemoval")] = flagJson(r.anyRemoval);
            row[QStringLiteral("monotone")] = flagJson(r.monotone);
        }
        rows.append(row);
    }
    return {{QStringLiteral("nodes"), qint64(v.nodes)},
            {QStringLiteral("keys"), qint64(v.keysUsed)},
            {QStringLiteral("keysTotal"), qint64(v.keysTotal)},
            {QStringLiteral("repeats"), v.repeats},
            {QStringLiteral("algorithms"), rows}};
}

}  // namespace

int compareCommand(const Options& o, std::ostream& out) {
    expectScenarios(o, 1, "compare");
    const Opened opened = open(o.positional[0], o, o.down);
    VerdictInput input;
    input.scenario = opened.scenario;
    input.limits = o.read.limits;
    input.keys = std::make_shared<const KeySet>(
        naming(opened.path, [&] { return resolveKeys(o.keys, opened.scenario, o.read.limits); }));
    const Verdict v = computeVerdict(input);
    if (o.json) {
        out << QJsonDocument(verdictJson(v)).toJson(QJsonDocument::Indented).toStdString();
        return 0;
    }
    out << verdict::summary(v).toStdString() << "\n\n";
    std::vector<std::vector<std::string>> rows(1);
    std::vector<bool> right;
    for (int c = 0; c < verdict::kColumns; ++c) {
        const auto column = verdict::Column(c);
        rows[0].push_back(verdict::header(v, column).toStdString());
        right.push_back(column != verdict::Column::Algorithm);
    }
    std::string notes;
    for (const VerdictRow& r : v.rows) {
        std::vector<std::string> row;
        for (int c = 0; c < verdict::kColumns; ++c) {
            row.push_back(verdict::cell(v, r, verdict::Column(c)).toStdString());
        }
        rows.push_back(std::move(row));
        // What a dash stands for: the algorithm's error, or a change it cannot make.
        if (!r.error.isEmpty()) {
            notes += verdict::tip(v, r, verdict::Column::Lookup).toStdString() + "\n";
            continue;
        }
        const std::pair<const VerdictMoves*, verdict::Column> changes[] = {
            {&r.add, verdict::Column::Add},
            {&r.removeLast, verdict::Column::RemoveLast},
            {&r.removeMiddle, verdict::Column::RemoveMiddle}};
        for (const auto& [moves, column] : changes) {
            if (!moves->error.isEmpty()) {
                notes += verdict::tip(v, r, column).toStdString() + "\n";
            }
        }
    }
    out << alignedTable(rows, right) << (notes.empty() ? "" : "\n") << notes;
    return 0;
}

}  // namespace ringscope::cli
