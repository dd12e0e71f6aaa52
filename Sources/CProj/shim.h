// Types and constants only: Pinmap opens libproj at run time (PinImport/GIS/Proj.swift),
// so the module map links nothing.
#include <proj.h>
