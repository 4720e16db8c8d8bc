#ifndef DOCSHEET_CXLSXWRITER_SHIM_H
#define DOCSHEET_CXLSXWRITER_SHIM_H
#include <xlsxwriter.h>
#endif
