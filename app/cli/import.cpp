#include "command.h"

namespace ringscope::cli {

// The scenario equivalent to another system's file (`nodetool ring` output, ...), read by the
// importer a module registers, as JSON on stdout.
int import(const Options& o, std::ostream& out) {
    const Importer* importer = o.positional.size() == 2 ? importerNamed(o.positional[0]) : nullptr;
    if (!importer) {
        throw InputError("import", "expected " + importerNames() + " FILE|-\n" + usage());
    }
    if (!o.partOption.empty() && importer->partOption != o.partOption) {
        throw InputError(o.partOption,
                         std::string(importer->name) + " reads the whole file" +
                             (importer->partOption.empty()
                                  ? std::string()
                                  : " (its part: " + std::string(importer->partOption) + ")"));
    }
    const std::string& path = o.positional[1];
    const bool stdinput = path == "-";
    const std::string source = stdinput ? "<stdin>" : path;
    InputFile file = stdinput ? InputFile::borrow(STDIN_FILENO, source) : InputFile::open(source);
    const std::string text = readAll(file, o.read.limits, Limit::ImportBytes);
    const std::string name =
        stdinput ? source : QFileInfo(QString::fromStdString(path)).fileName().toStdString();
    // Only what `route` and `stats` will read is written: the same reader, the same limits.
    out << scenarioToJson(importedScenario(*importer, text, source, name, o.part, o.read.limits))
               .toStdString();
    return 0;
}

}  // namespace ringscope::cli
