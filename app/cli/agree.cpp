#include "command.h"

namespace ringscope::cli {

namespace {

// What two clients disagree on: the keys (and their bytes and requests) whose primary differs.
struct Disagreement {
    uint64_t keys = 0;
    uint64_t bytes = 0;
    double requests = 0;
};

// Each client's name: its file's name, with the folder when two files share a name.
std::vector<std::string> clientNames(const std::vector<std::string>& paths) {
    std::vector<std::string> names;
    for (const std::string& path : paths) {
        names.push_back(QFileInfo(QString::fromStdString(path)).fileName().toStdString());
    }
    for (size_t i = 0; i < names.size(); ++i) {
        if (std::count(names.begin(), names.end(), names[i]) > 1) {
            names = paths;
            break;
        }
    }
    return names;
}

// One table of the matrix: `cell(i, j)` for each pair, "." on the diagonal.
template <typename Cell>
std::string matrixTable(const std::string& corner, const std::vector<std::string>& names,
                        Cell cell) {
    std::vector<std::vector<std::string>> rows{{corner}};
    for (const std::string& name : names) {
        rows[0].push_back(name);
    }
    for (size_t i = 0; i < names.size(); ++i) {
        rows.push_back({names[i]});
        for (size_t j = 0; j < names.size(); ++j) {
            rows.back().push_back(i == j ? "." : cell(i, j));
        }
    }
    std::vector<bool> right(names.size() + 1, true);
    right[0] = false;
    return alignedTable(rows, right);
}

// Every pair's disagreement over the first client's key set, and what the shares are of.
struct Matrix {
    std::vector<std::string> names;
    std::vector<std::vector<Disagreement>> cells;
    uint64_t keys = 0;
    uint64_t totalBytes = 0;
    bool bytesSaturated = false;
    bool sized = false;              // the key set has sizes: bytes are counted
    std::optional<double> requests;  // the key set's requests, when it has popularity
};

Matrix disagreements(const Options& o) {
    std::vector<Opened> clients;
    for (const std::string& path : o.positional) {
        clients.push_back(open(path, o));
        // One key set for all: the first client's (or the keys given), each read as that client
        // encodes and hashes it.
        clients.back().scenario.keys = clients.front().scenario.keys;
    }
    const size_t n = clients.size();
    std::vector<const Opened*> opened;
    std::vector<ClientPair> pairs;
    for (size_t i = 0; i < n; ++i) {
        opened.push_back(&clients[i]);
        for (size_t j = i + 1; j < n; ++j) {
            pairs.push_back({i, j});
        }
    }
    // The keys are read once and routed once through each client, not once for each pair.
    const std::vector<DiffResult> results = diffPairs(opened, pairs, o);
    Matrix m;
    m.names = clientNames(o.positional);
    m.cells.assign(n, std::vector<Disagreement>(n));
    for (size_t p = 0; p < pairs.size(); ++p) {
        const DiffResult& d = results[p];
        const auto [i, j] = pairs[p];
        m.cells[i][j] = m.cells[j][i] = {d.primaryMoved, d.bytesMoved, d.requestsMoved};
        m.keys = d.keys;
        m.totalBytes = d.totalBytes;
        m.bytesSaturated = m.bytesSaturated || d.bytesSaturated;
    }
    const Scenario& first = clients.front().scenario;
    m.sized = first.keys.sizes.kind != SizeSpec::Kind::None;
    if (hasZipf(first)) {
        m.requests = first.keys.popularity.requests;
    }
    return m;
}

void writeJson(const Matrix& m, std::ostream& out) {
    QJsonArray clientList, rows;
    for (size_t i = 0; i < m.names.size(); ++i) {
        clientList.append(QString::fromStdString(m.names[i]));
        QJsonArray row;
        for (const Disagreement& cell : m.cells[i]) {
            QJsonObject c{{QStringLiteral("keys"), jsonCount(cell.keys)}};
            if (m.sized) {
                c[QStringLiteral("bytes")] = jsonCount(cell.bytes);
            }
            if (m.requests) {
                c[QStringLiteral("requests")] = jsonNumber(cell.requests);
            }
            row.append(c);
        }
        rows.append(row);
    }
    QJsonObject doc{{QStringLiteral("clients"), clientList},
                    {QStringLiteral("keys"), jsonCount(m.keys)},
                    {QStringLiteral("disagree"), rows}};
    if (m.sized) {
        doc[QStringLiteral("totalBytes")] = jsonCount(m.totalBytes);
    }
    if (m.requests) {
        doc[QStringLiteral("totalRequests")] = jsonNumber(*m.requests);
    }
    if (m.bytesSaturated) {
        doc[QStringLiteral("bytesSaturated")] = true;
    }
    out << QJsonDocument(doc).toJson().toStdString();
}

void writeText(const Matrix& m, std::ostream& out) {
    const auto share = [](double part, double whole) {
        return percent(whole > 0 ? part / whole : 0.0);
    };
    out << "keys sent to different primaries by each pair of clients, of " << m.keys << " keys:\n"
        << matrixTable("keys", m.names, [&](size_t i, size_t j) {
               return share(double(m.cells[i][j].keys), double(m.keys));
           });
    if (m.sized) {
        out << "\nbytes of those keys, of " << saturatedTotalText(m.totalBytes, m.bytesSaturated)
            << " bytes:\n"
            << matrixTable("bytes", m.names, [&](size_t i, size_t j) {
                   return share(double(m.cells[i][j].bytes), double(m.totalBytes));
               });
        if (m.bytesSaturated) {
            out << kSaturatedNote;
        }
    }
    if (m.requests) {
        out << "\nrequests for those keys, of " << printed("%.0f", *m.requests) << " requests:\n"
            << matrixTable("requests", m.names, [&](size_t i, size_t j) {
                   return share(m.cells[i][j].requests, *m.requests);
               });
    }
}

}  // namespace

int agree(const Options& o, std::ostream& out) {
    if (o.positional.size() < 2) {
        throw InputError("agree", "expected two scenario files or more\n" + usage());
    }
    const Matrix m = disagreements(o);
    if (o.json) {
        writeJson(m, out);
    } else {
        writeText(m, out);
    }
    return 0;
}

}  // namespace ringscope::cli
