import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// HEIF files whose `irot`/`imir` boxes turn or mirror the picture decode to what libheif
/// shows (its `heif-convert` as the reference), upright, at the displayed size, and `info`
/// reports that size. The files are written by libheif itself (through ctypes) from a known
/// picture with each EXIF orientation's boxes; a variant lists the transformations before the
/// size and crop properties, which libheif reads into a handle size that its own decode does
/// not produce (this was refused as "decoded image does not match its header").
struct HEIFTransformTests {
  static let width = 40
  static let height = 24

  /// The picture the files store, before any turning.
  static let stored = Support.testBitmap(width: width, height: height)

  /// Writes the HEIC for `orientation` with libheif; nil where libheif cannot encode HEVC.
  static func file(orientation: Orientation, transformsFirst: Bool) throws -> URL {
    let directory = try Scratch.directory()
    let raw = directory.appendingPathComponent("stored.rgb")
    try Data(Support.bytes(of: stored)).write(to: raw)
    let script = directory.appendingPathComponent("make_oriented_heif.py")
    try Data(makeScript.utf8).write(to: script)
    let output = directory.appendingPathComponent("oriented-\(orientation.rawValue).heic")
    try Program.output(
      of: "python3",
      [script.path, raw.path, "\(width)", "\(height)", "\(orientation.rawValue)", output.path]
        + (transformsFirst ? ["--transforms-first"] : []))
    return output
  }

  /// libheif's own decode of `file` (heif-convert), as 8-bit RGB.
  static func heifConvert(_ file: URL) throws -> Bitmap {
    let png = file.appendingPathExtension("png")
    try Program.output(of: "heif-convert", [file.path, png.path])
    return try RenderContext().bitmap(of: Image(bitmap: ImageFile.read(png).bitmap), format: .rgb8)
  }

  static let available = HEIFEncoder.isAvailable && Oracle.path(of: "heif-convert") != nil

  @Test(
    .tags(.oracle), .enabled(if: available, "needs libheif's HEVC encoder and heif-convert"),
    arguments: Orientation.allCases)
  func transformsAreApplied(orientation: Orientation) throws {
    let file = try Self.file(orientation: orientation, transformsFirst: false)
    let decoded = try ImageFile.read(file)
    let upright = try RenderContext().bitmap(
      of: Image(bitmap: Self.stored).oriented(orientation), format: .rgb8)
    #expect(decoded.orientation == .up)
    #expect(decoded.bitmap.width == upright.width && decoded.bitmap.height == upright.height)
    let info = try ImageFile.info(file)
    #expect(info.width == upright.width && info.height == upright.height)
    #expect(info.orientation == .up)
    // Our own rotation of the stored picture, against the lossy file: the same picture.
    let psnr = LumenTestSupport.psnr(decoded.bitmap, upright)
    #expect(psnr > 30, "PSNR \(psnr) dB against the stored picture turned by Image.oriented")
    let reference = try Self.heifConvert(file)
    #expect(
      Support.maxDifference(Support.bytes(of: decoded.bitmap), Support.bytes(of: reference)) <= 1)
  }

  @Test(
    .tags(.oracle), .enabled(if: available, "needs libheif's HEVC encoder and heif-convert"),
    arguments: Orientation.allCases.filter { $0 != .up })
  func transformsListedFirstDecodeAsLibheifShowsThem(orientation: Orientation) throws {
    let file = try Self.file(orientation: orientation, transformsFirst: true)
    let decoded = try ImageFile.read(file)
    let reference = try Self.heifConvert(file)
    #expect(decoded.bitmap.width == reference.width && decoded.bitmap.height == reference.height)
    #expect(
      Support.maxDifference(Support.bytes(of: decoded.bitmap), Support.bytes(of: reference)) <= 1)
  }

  static let makeScript = #"""
    """Writes an HEIC with libheif itself (through ctypes), asking it for the irot/imir boxes of
    an EXIF orientation. usage: RAW WIDTH HEIGHT ORIENTATION OUT (RAW: 8-bit RGB rows)."""
    import ctypes
    import sys

    raw, width, height, orientation, out = sys.argv[1], *map(int, sys.argv[2:5]), sys.argv[5]
    lib = ctypes.CDLL("libheif.so.1")


    class Error(ctypes.Structure):
        _fields_ = [("code", ctypes.c_int), ("subcode", ctypes.c_int), ("message", ctypes.c_char_p)]


    class Options(ctypes.Structure):  # struct heif_encoding_options, version 5
        _fields_ = [("version", ctypes.c_uint8), ("save_alpha_channel", ctypes.c_uint8),
                    ("macOS_compatibility_workaround", ctypes.c_uint8),
                    ("save_two_colr_boxes", ctypes.c_uint8), ("output_nclx_profile", ctypes.c_void_p),
                    ("macOS_compatibility_workaround_no_nclx_profile", ctypes.c_uint8),
                    ("image_orientation", ctypes.c_int)]


    def check(error):
        if error.code != 0:
            sys.exit(f"libheif: {error.message.decode()}")


    for name in ["heif_image_create", "heif_image_add_plane", "heif_context_get_encoder_for_format",
                 "heif_encoder_set_lossy_quality", "heif_context_encode_image",
                 "heif_context_write_to_file"]:
        getattr(lib, name).restype = Error
    lib.heif_image_get_plane.restype = ctypes.c_void_p
    lib.heif_context_alloc.restype = ctypes.c_void_p
    lib.heif_encoding_options_alloc.restype = ctypes.POINTER(Options)
    RGB, INTERLEAVED_RGB, INTERLEAVED, HEVC = 1, 10, 10, 1

    image = ctypes.c_void_p()
    check(lib.heif_image_create(width, height, RGB, INTERLEAVED_RGB, ctypes.byref(image)))
    check(lib.heif_image_add_plane(image, INTERLEAVED, width, height, 8))
    stride = ctypes.c_int()
    plane = lib.heif_image_get_plane(image, INTERLEAVED, ctypes.byref(stride))
    pixels = open(raw, "rb").read()
    for y in range(height):
        ctypes.memmove(plane + y * stride.value, pixels[y * width * 3:(y + 1) * width * 3], width * 3)
    context = ctypes.c_void_p(lib.heif_context_alloc())
    encoder = ctypes.c_void_p()
    check(lib.heif_context_get_encoder_for_format(context, HEVC, ctypes.byref(encoder)))
    check(lib.heif_encoder_set_lossy_quality(encoder, 95))
    options = lib.heif_encoding_options_alloc()
    if options.contents.version < 5:
        sys.exit("libheif older than 1.14 cannot write orientations")
    options.contents.image_orientation = orientation
    options.contents.macOS_compatibility_workaround = 0
    check(lib.heif_context_encode_image(context, image, encoder, options, None))
    check(lib.heif_context_write_to_file(context, out.encode()))

    # Optionally move the transformative properties (irot, imir) ahead of the others in the
    # primary item's property associations, as some writers order them: same bytes, new order.
    if len(sys.argv) > 6 and sys.argv[6] == "--transforms-first":
        data = bytearray(open(out, "rb").read())

        def boxes(start, end):
            while start + 8 <= end:
                size = int.from_bytes(data[start:start + 4], "big")
                yield data[start + 4:start + 8].decode("latin-1"), start, start + size
                start += size

        meta = next((s, e) for t, s, e in boxes(0, len(data)) if t == "meta")
        iprp = next((s, e) for t, s, e in boxes(meta[0] + 12, meta[1]) if t == "iprp")
        found = {t: (s, e) for t, s, e in boxes(iprp[0] + 8, iprp[1])}
        ipco, ipma = found["ipco"], found["ipma"]
        kinds = [t for t, _, _ in boxes(ipco[0] + 8, ipco[1])]
        version, flags = data[ipma[0] + 8], int.from_bytes(data[ipma[0] + 9:ipma[0] + 12], "big")
        at = ipma[0] + 16
        for _ in range(int.from_bytes(data[ipma[0] + 12:ipma[0] + 16], "big")):
            at += 2 if version < 1 else 4
            count, width = data[at], 2 if flags & 1 else 1
            at += 1
            entries = [bytes(data[at + i * width:at + (i + 1) * width]) for i in range(count)]
            index = lambda e: int.from_bytes(e, "big") & (0x7FFF if width == 2 else 0x7F)
            first = [e for e in entries if kinds[index(e) - 1] in ("irot", "imir")]
            rest = [e for e in entries if e not in first]
            data[at:at + count * width] = b"".join(first + rest)
            at += count * width
        open(out, "wb").write(bytes(data))
    """#
}
