// The module is header-only; SwiftPM needs one source file to build a C target.
#include "CAsyncDisplaySpin.h"
