/*
 * libheif, loaded on first use instead of at start-up.
 *
 * libheif brings HEVC and AV1 codecs (x265, libde265, dav1d, aom, libstdc++) whose loading and
 * relocation cost every process several milliseconds, while most commands never meet a HEIC
 * file. Lumen therefore does not link libheif; the first HEIC read or write opens it with
 * dlopen and takes the functions below from it. Only its header is needed to build.
 */
#ifndef LUMEN_HEIF_LOADER_H
#define LUMEN_HEIF_LOADER_H

#include <libheif/heif.h>

/* The libheif functions Lumen calls, without their `heif_` prefix. */
#define LUMEN_HEIF_FUNCTIONS(X)                                                                  \
  X(context_alloc)                                                                               \
  X(context_free)                                                                                \
  X(context_read_from_memory_without_copy)                                                       \
  X(context_get_primary_image_handle)                                                            \
  X(context_set_maximum_image_size_limit)                                                        \
  X(context_get_encoder_for_format)                                                              \
  X(context_encode_image)                                                                        \
  X(context_add_exif_metadata)                                                                   \
  X(context_write)                                                                               \
  X(image_handle_release)                                                                        \
  X(image_handle_get_width)                                                                      \
  X(image_handle_get_height)                                                                     \
  X(image_handle_has_alpha_channel)                                                              \
  X(image_handle_get_luma_bits_per_pixel)                                                        \
  X(image_handle_get_color_profile_type)                                                         \
  X(image_handle_get_raw_color_profile_size)                                                     \
  X(image_handle_get_raw_color_profile)                                                          \
  X(image_handle_get_nclx_color_profile)                                                         \
  X(image_handle_get_list_of_metadata_block_IDs)                                                 \
  X(image_handle_get_metadata_size)                                                              \
  X(image_handle_get_metadata)                                                                   \
  X(nclx_color_profile_free)                                                                     \
  X(decode_image)                                                                                \
  X(image_create)                                                                                \
  X(image_release)                                                                               \
  X(image_add_plane)                                                                             \
  X(image_get_width)                                                                             \
  X(image_get_height)                                                                            \
  X(image_get_plane)                                                                             \
  X(image_get_plane_readonly)                                                                    \
  X(image_get_bits_per_pixel_range)                                                              \
  X(image_set_raw_color_profile)                                                                 \
  X(have_encoder_for_format)                                                                     \
  X(encoder_release)                                                                             \
  X(encoder_set_lossy_quality)

typedef struct lumen_heif_functions {
#define LUMEN_HEIF_POINTER(name) __typeof__(heif_##name) *_Nonnull name;
  LUMEN_HEIF_FUNCTIONS(LUMEN_HEIF_POINTER)
#undef LUMEN_HEIF_POINTER
} lumen_heif_functions;

/* The functions, loaded by the first call (from any thread); NULL when libheif cannot be
 * loaded, and then lumen_heif_load_error() says why. */
const lumen_heif_functions *_Nullable lumen_heif_load(void);
const char *_Nonnull lumen_heif_load_error(void);

#endif
