# Precompiled headers: the headers most sources of a group include, parsed once for the group.
# Measured on this project (one compile each, g++ 12, RelWithDebInfo): a core suite 4.9-6.7 s
# without, 2.5-3.9 s with; a view suite 6.5 s -> 3.9 s; a panel of the desktop program
# 6.3 s -> 3.8 s. The headers are named in angle brackets (<QTest>), which CMake
# writes into the generated header as given (a quoted name it makes a path of this checkout), so
# that the generated header is the same in every clone and ccache serves the
# compiled one.
#
# A source compiled with other definitions than its group's precompiled header (a suite that
# also links the window, say) finds it invalid and parses the headers itself: slower, never
# wrong, and silent (PCH_WARN_INVALID off), so that a group is an optimisation only.

# The standard library headers nearly every source includes. Only system headers: the generated
# header is a system header (#pragma GCC system_header), which would silence warnings in ours.
set(RINGSCOPE_PCH_COMMON
  <algorithm> <cmath> <cstdint> <functional> <map> <memory> <optional> <set> <span> <string>
  <string_view> <vector>)
# The desktop program's widgets.
set(RINGSCOPE_PCH_WIDGETS
  <QApplication> <QComboBox> <QHBoxLayout> <QHeaderView> <QLabel> <QObject> <QPainter>
  <QPushButton> <QString> <QTableWidget> <QTimer> <QVBoxLayout> <QWidget>)

# ringscope_precompile(TARGET HEADERS...): TARGET precompiles HEADERS.
# ringscope_precompile(TARGET REUSE_FROM HOST): TARGET uses HOST's precompiled headers.
function(ringscope_precompile target)
  cmake_parse_arguments(ARG "" "REUSE_FROM" "HEADERS" ${ARGN})
  set_target_properties(${target} PROPERTIES PCH_WARN_INVALID OFF)
  if(ARG_REUSE_FROM)
    target_precompile_headers(${target} REUSE_FROM ${ARG_REUSE_FROM})
  else()
    target_precompile_headers(${target} PRIVATE ${ARG_HEADERS})
  endif()
endfunction()
