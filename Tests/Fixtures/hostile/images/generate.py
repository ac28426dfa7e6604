"""The hostile image fixtures of HostileImageTests (README.md), written with Pillow at
development time: `python3 generate.py` in this folder. The tests read the committed files and
never run this script."""
from PIL import Image, PngImagePlugin
import io, struct, zlib

GPS = {1: 'N', 2: (45., 27., 51.), 3: 'E', 4: (9., 11., 22.)}
XMP = (b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
       b'<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="45,27.85N" exif:GPSLongitude="9,11.37E"/>'
       b'</rdf:RDF></x:xmpmeta>')


def exif():
    ex = Image.Exif()
    ex[0x010F] = 'Masthead Test Camera'
    ex[0xA431] = 'MH-SERIAL-0044'
    ex[0x8825] = GPS
    return ex.tobytes()


def pattern(w, h, seed=0):
    im = Image.new('RGB', (w, h))
    px = im.load()
    for y in range(h):
        for x in range(w):
            px[x, y] = ((x * 7 + seed * 40) % 256, (y * 5 + x * 3) % 256, ((x ^ y) * 4) % 256)
    return im


def segment(marker, payload):
    return bytes([0xFF, marker]) + struct.pack('>H', len(payload) + 2) + payload


# An animated WebP with EXIF (GPS, make, serial) and XMP: the recipe.
frames = [pattern(99, 99, i) for i in range(3)]
frames[0].save('animated-gps.webp', save_all=True, append_images=frames[1:], exif=exif(), xmp=XMP,
               duration=[80, 120, 160], loop=0, quality=80)

# A JPEG with EXIF (GPS, serial), XMP, IPTC (APP13) and a comment (COM): the tests copy it
# under .jfif, .jpe, .JPG, .bin and no extension.
b = io.BytesIO()
pattern(160, 120).save(b, 'JPEG', quality=85, exif=exif(), comment=b'Shot at home, Via Example 1, Milano')
d = b.getvalue()
iptc = b'\x1c\x02\x5a' + struct.pack('>H', 6) + b'Milano'  # 2:90, City
resource = b'8BIM' + struct.pack('>H', 0x0404) + b'\x00\x00' + struct.pack('>I', len(iptc)) + iptc + (b'\x00' if len(iptc) % 2 else b'')
d = d[:2] + segment(0xE1, b'http://ns.adobe.com/xap/1.0/\x00' + XMP) + segment(0xED, b'Photoshop 3.0\x00' + resource) + d[2:]
open('gps-xmp-iptc-comment.jpg', 'wb').write(d)

# An animated GIF with a comment block and an XMP application extension (with its magic trailer).
g = [pattern(40, 30, i).quantize(32) for i in range(3)]
b = io.BytesIO()
g[0].save(b, 'GIF', save_all=True, append_images=g[1:], comment=b'Location: 45.4642 N, 9.1900 E', duration=[100, 200, 300], loop=0)
d = b.getvalue()
extension = b'\x21\xff\x0b' + b'XMP DataXMP' + XMP + bytes([1]) + bytes(range(255, -1, -1)) + b'\x00'
packed = d[10]
at = 13 + (3 * (2 ** ((packed & 7) + 1)) if packed & 0x80 else 0)
open('comment-xmp.gif', 'wb').write(d[:at] + extension + d[at:])

# A still WebP with EXIF and XMP.
b = io.BytesIO()
pattern(120, 90).save(b, 'WEBP', exif=exif(), xmp=XMP, quality=80)
open('exif-xmp.webp', 'wb').write(b.getvalue())

# A PNG with eXIf, tEXt, zTXt and iTXt (XMP) chunks.
info = PngImagePlugin.PngInfo()
info.add_text('Comment', 'Shot at home, Via Example 1')
info.add_text('Author', 'A. Photographer', zip=True)
info.add_itxt('XML:com.adobe.xmp', XMP.decode())
pattern(120, 90).save('exif-text-xmp.png', pnginfo=info, exif=exif())

# A JPEG cut to its first third but ending with its end marker, and one whose header declares
# 320 rows where the data holds 160.
b = io.BytesIO()
pattern(240, 160).save(b, 'JPEG', quality=90)
d = b.getvalue()
open('cut-with-end-marker.jpg', 'wb').write(d[:len(d) // 3] + b'\xff\xd9')
i = d.find(b'\xff\xc0')
h = bytearray(d)
h[i + 5:i + 7] = (320).to_bytes(2, 'big')
open('taller-than-data.jpg', 'wb').write(bytes(h))

# PNGs: cut in half; a damaged header (IHDR's CRC); 180 rows declared (CRC right) where the data holds 90.
b = io.BytesIO()
pattern(120, 90).save(b, 'PNG')
p = b.getvalue()
open('cut.png', 'wb').write(p[:len(p) // 2])
r = bytearray(p)
r[29] ^= 0xFF
open('damaged-header.png', 'wb').write(bytes(r))
t = bytearray(p)
t[20:24] = (180).to_bytes(4, 'big')
t[29:33] = zlib.crc32(bytes(t[12:29])).to_bytes(4, 'big')
open('taller-than-data.png', 'wb').write(bytes(t))

# A small BMP: read by libvips's ImageMagick loader.
pattern(16, 12).save('small.bmp')

# An AVIF with an Exif and an XMP item: what the scanner must find in an AVIF.
pattern(64, 48).save('exif-xmp.avif', 'AVIF', exif=exif(), xmp=XMP, quality=60)
