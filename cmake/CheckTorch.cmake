# Checks the LibTorch that find_package(Torch) found, and says which one it is.

# Debian 12's LibTorch 1.13 is the oldest the engine builds against.
if(NOT Torch_VERSION OR Torch_VERSION VERSION_LESS 1.13)
  message(FATAL_ERROR "LibTorch ${Torch_VERSION} (${Torch_DIR}) is too old: the workbench "
          "needs LibTorch 1.13 or newer (Debian 12's libtorch-dev, or PyTorch 2.x: "
          "scripts/install-deps.sh --libtorch2)")
endif()

# TorchConfig looks for its libraries in the system folders before its own: with Debian's
# libtorch-dev installed, a LibTorch elsewhere would compile with its own headers but link
# Debian's libraries. Putting that LibTorch's root first in CMAKE_PREFIX_PATH avoids this.
string(FIND "${TORCH_LIBRARY}" "${TORCH_INSTALL_PREFIX}/" torch_library_at)
if(NOT torch_library_at EQUAL 0)
  message(FATAL_ERROR "LibTorch ${Torch_VERSION} headers come from ${TORCH_INSTALL_PREFIX} but "
          "its library from ${TORCH_LIBRARY}: configure with "
          "-DCMAKE_PREFIX_PATH=${TORCH_INSTALL_PREFIX}")
endif()

if(TORCH_CUDA_LIBRARIES)
  message(STATUS "LibTorch ${Torch_VERSION} with CUDA ${CUDA_VERSION} (${TORCH_INSTALL_PREFIX})")
else()
  message(STATUS "LibTorch ${Torch_VERSION}, CPU only (${TORCH_INSTALL_PREFIX})")
endif()
