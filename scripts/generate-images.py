#!/usr/bin/env python3
"""Writes the raster images of the default site, the film club and student housing, and the
image fixtures of the tests, from the project's own SVG illustrations (docs/images.md).

Each SVG is rasterised with libvips's command line (`vips`, Debian's libvips-tools) at a
phone photo's proportions, given a seeded film grain so it compresses like a photograph, and
saved as a JPEG. Some carry an EXIF block like a phone's: an orientation flag (the pixels
stored turned, as a phone held sideways stores them), a camera serial number and the GPS
position of the author's home, which Masthead must never publish. The same inputs give the
same bytes: run it again and git sees no change.

    python3 scripts/generate-images.py            # every set
    python3 scripts/generate-images.py fixtures   # one set: site, film-club, student-housing, fixtures
"""
import os
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Article covers of the default site that become photos: (svg, jpg, exif).
SITE_PHOTOS = [
    ("affogato", "affogato", None),
    ("caffe-crema", "caffe-crema", None),
    ("shakerato", "shakerato", None),
    ("cold-brew", "cold-brew", "rotated"),
    ("festival-estate", "festival-estate", "gps"),
    ("fotografia", "fotografia", "rotated"),
    ("foto-luce", "foto-luce", "gps"),
    ("foto-dall-alto", "foto-dall-alto", None),
    ("foto-controluce", "foto-controluce", None),
    ("granita", "granita", None),
    ("moka", "moka", "gps"),
    ("macinatura", "macinatura", None),
    ("tiramisu", "tiramisu", None),
    ("moka-parti", "moka-parti", None),
]


def vips(*arguments):
    subprocess.run(["vips", *[str(a) for a in arguments]], check=True, stdout=subprocess.DEVNULL)


def photo(svg, out, width, height, seed, quality=84, exif=None, grain=7):
    """The SVG filling width×height, with grain, as a JPEG; `exif` adds a phone's metadata."""
    with tempfile.TemporaryDirectory() as work:
        drawn = os.path.join(work, "drawn.v")
        vips("thumbnail", svg, drawn, width, "--height", height, "--crop", "centre")
        flat = os.path.join(work, "flat.v")
        vips("flatten", drawn, flat, "--background", "255 255 255")
        noise = os.path.join(work, "noise.v")
        vips("gaussnoise", noise, width, height, "--sigma", grain, "--mean", 0, "--seed", seed)
        grained = os.path.join(work, "grained.v")
        vips("add", flat, noise, grained)
        stored = grained
        if exif == "rotated":
            # Stored turned a quarter to the left, with orientation 6: upright once turned right.
            stored = os.path.join(work, "turned.v")
            vips("rot", grained, stored, "d270")
        cast = os.path.join(work, "cast.v")
        vips("cast", stored, cast, "uchar")
        vips("jpegsave", cast, out, "--Q", quality, "--strip", "--optimize-coding")
    if exif:
        add_exif(out, orientation=6 if exif == "rotated" else 1)


def add_exif(path, orientation):
    """An APP1 EXIF block after the JPEG's start: orientation, a camera serial, GPS (45.4642 N, 9.19 E)."""
    def entry(tag, kind, count, value):
        return struct.pack("<HHI", tag, kind, count) + value

    def rationals(*pairs):
        return b"".join(struct.pack("<II", n, d) for n, d in pairs)

    # Layout: header 8, IFD0 at 8 (4 entries), Exif IFD, GPS IFD, then their data.
    ifd0_at = 8
    ifd0_size = 2 + 4 * 12 + 4
    exif_at = ifd0_at + ifd0_size
    exif_size = 2 + 1 * 12 + 4
    gps_at = exif_at + exif_size
    gps_size = 2 + 4 * 12 + 4
    data_at = gps_at + gps_size
    make = b"Masthead Test Camera\0"
    serial = b"MH-SERIAL-0042\0"
    latitude = rationals((45, 1), (27, 1), (5112, 100))
    longitude = rationals((9, 1), (11, 1), (2400, 100))
    make_at = data_at
    serial_at = make_at + len(make)
    latitude_at = serial_at + len(serial)
    longitude_at = latitude_at + len(latitude)
    ifd0 = struct.pack("<H", 4)
    ifd0 += entry(0x010F, 2, len(make), struct.pack("<I", make_at))
    ifd0 += entry(0x0112, 3, 1, struct.pack("<HH", orientation, 0))
    ifd0 += entry(0x8769, 4, 1, struct.pack("<I", exif_at))
    ifd0 += entry(0x8825, 4, 1, struct.pack("<I", gps_at))
    ifd0 += struct.pack("<I", 0)
    exif_ifd = struct.pack("<H", 1) + entry(0xA431, 2, len(serial), struct.pack("<I", serial_at)) + struct.pack("<I", 0)
    gps = struct.pack("<H", 4)
    gps += entry(0x0001, 2, 2, b"N\0\0\0")
    gps += entry(0x0002, 5, 3, struct.pack("<I", latitude_at))
    gps += entry(0x0003, 2, 2, b"E\0\0\0")
    gps += entry(0x0004, 5, 3, struct.pack("<I", longitude_at))
    gps += struct.pack("<I", 0)
    tiff = b"II*\0" + struct.pack("<I", ifd0_at) + ifd0 + exif_ifd + gps + make + serial + latitude + longitude
    payload = b"Exif\0\0" + tiff
    segment = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
    with open(path, "rb") as f:
        jpeg = f.read()
    with open(path, "wb") as f:
        f.write(jpeg[:2] + segment + jpeg[2:])


def site():
    images = os.path.join(ROOT, "Content/static/images")
    os.makedirs(os.path.join(images, "photos"), exist_ok=True)
    for seed, (svg, name, exif) in enumerate(SITE_PHOTOS, start=1):
        photo(os.path.join(images, svg + ".svg"), os.path.join(images, "photos", name + ".jpg"), 2000, 1125, seed, exif=exif, grain=4)


def film_club():
    folder = os.path.join(ROOT, "Examples/film-club/Content/static/images/posters")
    for seed, name in enumerate(sorted(f[:-4] for f in os.listdir(folder) if f.endswith(".svg")), start=100):
        photo(os.path.join(folder, name + ".svg"), os.path.join(folder, name + ".jpg"), 600, 900, seed, quality=80, grain=3)


def student_housing():
    folder = os.path.join(ROOT, "Examples/student-housing/Content/static/images/listings")
    for seed, name in enumerate(sorted(f[:-4] for f in os.listdir(folder) if f.endswith(".svg")), start=500):
        photo(os.path.join(folder, name + ".svg"), os.path.join(folder, name + ".jpg"), 800, 600, seed, quality=80, grain=3)


def png(path, width, height, depth, colour, rows):
    """A PNG written by hand: `rows` of raw scanlines (filter byte included), compressed."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def gif(path, width, height, frames):
    """An animated GIF written by hand: one frame per colour index of a 4-colour palette. Its LZW
    data is a clear code every two pixels, so codes stay 3 bits wide."""
    def lzw(pixels):
        codes = []
        for index in range(0, len(pixels), 2):
            codes += [4] + pixels[index:index + 2]
        codes.append(5)
        bits = 0
        count = 0
        out = bytearray()
        for code in codes:
            bits |= code << count
            count += 3
            while count >= 8:
                out.append(bits & 0xFF)
                bits >>= 8
                count -= 8
        if count:
            out.append(bits & 0xFF)
        blocks = b"".join(bytes([len(out[i:i + 255])]) + out[i:i + 255] for i in range(0, len(out), 255))
        return bytes([2]) + blocks + b"\0"
    data = b"GIF89a" + struct.pack("<HHBBB", width, height, 0xF1, 0, 0)
    data += bytes([40, 30, 20, 200, 160, 90, 255, 255, 255, 0, 0, 0])
    data += b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
    for colour in frames:
        data += b"\x21\xf9\x04\x00" + struct.pack("<H", 50) + b"\x00\x00"
        data += b"\x2c" + struct.pack("<HHHHB", 0, 0, width, height, 0)
        data += lzw([colour] * (width * height))
    with open(path, "wb") as f:
        f.write(data + b"\x3b")


def fixtures():
    """Small images for the tests (Tests/Fixtures/images/README.md says what each is)."""
    folder = os.path.join(ROOT, "Tests/Fixtures/images")
    os.makedirs(folder, exist_ok=True)
    svg = os.path.join(ROOT, "Content/static/images/moka.svg")
    photo(svg, os.path.join(folder, "phone.jpg"), 640, 480, 7, quality=60, exif="gps")
    photo(svg, os.path.join(folder, "rotated.jpg"), 640, 480, 8, quality=60, exif="rotated")
    photo(svg, os.path.join(folder, "small.jpg"), 400, 300, 9)
    with open(os.path.join(folder, "small.jpg"), "rb") as f:
        whole = f.read()
    with open(os.path.join(folder, "truncated.jpg"), "wb") as f:
        f.write(whole[: len(whole) // 3])
    with tempfile.TemporaryDirectory() as work:
        drawn = os.path.join(work, "drawn.v")
        vips("thumbnail", svg, drawn, 320, "--height", 240, "--crop", "centre")
        vips("pngsave", drawn, os.path.join(folder, "logo-alpha.png"), "--compression", 9, "--strip")
        flat = os.path.join(work, "flat.v")
        vips("flatten", drawn, flat)
        vips("pngsave", flat, os.path.join(folder, "png-named.jpg"), "--compression", 9, "--strip")
        cmyk = os.path.join(work, "cmyk.v")
        vips("colourspace", flat, cmyk, "cmyk")
        vips("jpegsave", cmyk, os.path.join(folder, "cmyk.jpg"), "--Q", 80, "--strip")
        wide = os.path.join(work, "wide.v")
        vips("cast", flat, wide, "ushort", "--shift")
        vips("copy", wide, os.path.join(work, "wide16.v"), "--interpretation", "rgb16")
        vips("pngsave", os.path.join(work, "wide16.v"), os.path.join(folder, "deep-16bit.png"), "--bitdepth", 16, "--strip")
    gif(os.path.join(folder, "animated.gif"), 40, 30, [0, 1])
    # A decompression bomb: a PNG of a few hundred bytes declaring 60000×60000 pixels.
    png(os.path.join(folder, "bomb.png"), 60000, 60000, 8, 0, b"\0" * 60001 * 4)


SETS = {"site": site, "film-club": film_club, "student-housing": student_housing, "fixtures": fixtures}

if __name__ == "__main__":
    for name in sys.argv[1:] or list(SETS):
        SETS[name]()
