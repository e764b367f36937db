#include <lcms2.h>

/* lcms2 describes pixel layouts with function-like macros, which Swift cannot import. */
static inline cmsUInt32Number lumen_cms_type_rgb_8(void) { return TYPE_RGB_8; }
static inline cmsUInt32Number lumen_cms_type_rgba_8(void) { return TYPE_RGBA_8; }
static inline cmsUInt32Number lumen_cms_type_rgb_16(void) { return TYPE_RGB_16; }
static inline cmsUInt32Number lumen_cms_type_rgba_16(void) { return TYPE_RGBA_16; }
static inline cmsUInt32Number lumen_cms_type_gray_8(void) { return TYPE_GRAY_8; }
static inline cmsUInt32Number lumen_cms_type_gray_16(void) { return TYPE_GRAY_16; }
static inline cmsUInt32Number lumen_cms_type_cmyk_8(void) { return TYPE_CMYK_8; }
