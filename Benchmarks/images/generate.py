#!/usr/bin/env python3
"""Phone photos for the image benchmark (Benchmarks/images/run.sh): COUNT JPEGs of
4032×3024, each one of the project's SVG illustrations drawn full frame, with its own
grain (one seeded noise field, shifted per photo) and quality 90 like a phone's camera,
about 3 MB each. Every fifth is stored turned with an EXIF orientation flag, as a phone held
sideways stores it; every third carries a GPS position. Seeded: the same COUNT gives the
same bytes.

    python3 Benchmarks/images/generate.py OUT [COUNT]      # COUNT: 200; photos already there are kept
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
generate_images = __import__("generate-images")
WIDTH, HEIGHT = 4032, 3024


def vips(*arguments):
    subprocess.run(["vips", *[str(a) for a in arguments]], check=True, stdout=subprocess.DEVNULL)


def main():
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    os.makedirs(out, exist_ok=True)
    folder = os.path.join(ROOT, "Content/static/images")
    svgs = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".svg") and f != "logo.svg")
    with tempfile.TemporaryDirectory() as work:
        noise = os.path.join(work, "noise.v")
        for index in range(count):
            path = os.path.join(out, f"photo-{index:03d}.jpg")
            if os.path.exists(path):
                continue
            if not os.path.exists(noise):
                vips("gaussnoise", noise, WIDTH, HEIGHT, "--sigma", 9, "--mean", 0, "--seed", 42)
            # A quarter of the size drawn, then enlarged: librsvg is slow at 12 megapixels.
            drawn = os.path.join(work, "drawn.v")
            vips("thumbnail", svgs[index % len(svgs)], drawn, WIDTH // 4, "--height", HEIGHT // 4, "--crop", "centre")
            flat = os.path.join(work, "flat.v")
            vips("flatten", drawn, flat, "--background", "255 255 255")
            large = os.path.join(work, "large.v")
            vips("resize", flat, large, 4)
            shifted = os.path.join(work, "shifted.v")
            vips("wrap", noise, shifted, "--x", (index * 977) % WIDTH, "--y", (index * 613) % HEIGHT)
            grained = os.path.join(work, "grained.v")
            vips("add", large, shifted, grained)
            stored = grained
            exif = "rotated" if index % 5 == 0 else ("gps" if index % 3 == 0 else None)
            if exif == "rotated":
                stored = os.path.join(work, "turned.v")
                vips("rot", grained, stored, "d270")
            cast = os.path.join(work, "cast.v")
            vips("cast", stored, cast, "uchar")
            vips("jpegsave", cast, path, "--Q", 90, "--strip")
            if exif:
                generate_images.add_exif(path, orientation=6 if exif == "rotated" else 1)
    print(f"{count} photos in {out}")


if __name__ == "__main__":
    main()
