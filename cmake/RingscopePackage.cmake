# The Debian package: `cmake --build --preset release --target package` (CPack) writes
# ringscope_<version>_<arch>.deb with everything `install()` puts under /usr. Its Depends are
# computed by dpkg-shlibdeps from the programs' libraries, plus what they load at run time that
# no linker sees (Qt's platform and SVG plugins ship in libqt6gui6 and libqt6svg6, which the
# libraries already pull in). The version is the build's (WriteVersion.cmake), read when CPack
# runs, so a new commit needs no new configure.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ringscope)
set(CPACK_PACKAGE_VENDOR "The Ringscope maintainers")
set(CPACK_PACKAGE_CONTACT "${RINGSCOPE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "see consistent hashing work: rings, vnodes, HRW, jump hash")
# The extended description; CPack puts the summary above it.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
  "Ringscope is a desktop program in which you see consistent hashing work: drag
a token around a hash ring, add a node or a virtual node, and at once the
ownership arcs recolour, the keys that changed owner light up and the load of
every node moves, next to rendezvous (HRW), jump hash and hash % N on the same
nodes and keys.
.
It is made for teaching (lessons that ask for a prediction before each
change, a presenter mode), interview preparation and design reviews of real
sharded systems: libmemcached's weighted ketama, Envoy's Maglev and ring hash,
Redis Cluster and Cassandra's Murmur3Partitioner are reproduced bit for bit.
.
The package also holds ringscope-cli, which routes keys, compares two layouts,
reports load statistics and draws the ring from the same scenario files.")
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${RINGSCOPE_HOMEPAGE}")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Japanese text needs a CJK font; Qt's own dialogs are translated by qt6-translations-l10n;
# a Wayland session runs the window natively with qt6-wayland (else through XWayland).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-cjk, qt6-translations-l10n, qt6-wayland")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_PROJECT_CONFIG_FILE ${PROJECT_BINARY_DIR}/RingscopeCPackVersion.cmake)
file(WRITE ${CPACK_PROJECT_CONFIG_FILE}
  "include(\"${RINGSCOPE_GENERATED_DIR}/version.cmake\")\n"
  "set(CPACK_PACKAGE_VERSION \"\${RINGSCOPE_PACKAGE_VERSION}\")\n"
  "set(CPACK_DEBIAN_PACKAGE_VERSION \"\${RINGSCOPE_PACKAGE_VERSION}\")\n")
# No source package: a source tarball is `git archive`, which needs nothing built.
set(CPACK_SOURCE_GENERATOR "")
include(CPack)
