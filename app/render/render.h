#pragma once
// Drawing the ring without a window: the PNG/SVG export of the desktop program and
// `ringscope-cli render` both come here, so the picture is the one the window shows. QtGui and
// QtSvg only: the command-line tool links this, not the desktop program.

#include <QString>

#include <ostream>
#include <string>

#include "scenariojson.h"

namespace ringscope {

class RingScene;

// Square picture sizes in pixels: the accepted range, the CLI's default and the window's export.
inline constexpr int kMinPictureSize = 64;
inline constexpr int kMaxPictureSize = 8192;
inline constexpr int kDefaultPictureSize = 900;
inline constexpr int kExportPictureSize = 1600;

// Writes the scene as a square PNG or SVG (chosen by the file suffix) of `sizePx` pixels,
// atomically (writeFileAtomically). Throws InputError naming the file when the suffix is unknown
// or the file cannot be written; an existing file is then unchanged.
void writeRingPicture(const RingScene& scene, const QString& path, int sizePx);

// Loads a scenario (and optionally a baseline whose moved keys get highlighted), draws it
// offscreen and writes the picture. Creates an offscreen QGuiApplication when none exists.
// Returns 0; throws InputError on bad input (the CLI prints it and exits 2).
int renderScenarioFile(const std::string& scenarioPath, const std::string& baselinePath,
                       const std::string& outputPath, int sizePx, std::ostream& err,
                       const ReadOptions& options = ReadOptions());

}  // namespace ringscope
