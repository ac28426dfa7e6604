#!/usr/bin/env python3
"""Phone photos for the image benchmark (Benchmarks/images/run.sh): COUNT JPEGs of
4032×3024, each one of the project's SVG illustrations drawn full frame with its own grain
and tint, every fifth stored turned with an EXIF orientation flag, as a phone held sideways
stores it. Seeded: the same COUNT gives the same bytes.

    python3 Benchmarks/images/generate.py OUT [COUNT]      # COUNT: 200
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
generate_images = __import__("generate-images")


def vips(*arguments):
    subprocess.run(["vips", *[str(a) for a in arguments]], check=True, stdout=subprocess.DEVNULL)


def main():
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    os.makedirs(out, exist_ok=True)
    folder = os.path.join(ROOT, "Content/static/images")
    svgs = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".svg") and f != "logo.svg")
    for index in range(count):
        path = os.path.join(out, f"photo-{index:03d}.jpg")
        if os.path.exists(path):
            continue
        svg = svgs[index % len(svgs)]
        exif = "rotated" if index % 5 == 0 else ("gps" if index % 3 == 0 else None)
        # 4032×3024 at the quality of a phone's camera: about 3 MB each with the grain.
        generate_images.photo(svg, path, 4032, 3024, 1000 + index, quality=90, exif=exif, grain=9)
    print(f"{count} photos in {out}")


if __name__ == "__main__":
    main()
