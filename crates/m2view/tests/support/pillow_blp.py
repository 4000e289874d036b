"""Independent reading of BLP textures for m2view's tests (Debian's
python3-pil). Each argument pair is a BLP and the PNG m2view exported from
its level 0. The container is read here from the wowdev wiki "BLP" page
(header, mip offsets, alpha depth); the pixels are decoded by Pillow:

- DXT1/3/5 (BLP2 colour encoding 2): Pillow's C BCn decoder (the one its
  DDS plugin uses) over level 0's blocks; alpha type 0, 1, 7 name BC1, BC2,
  BC3. Pillow's own BLP plugin (9.4) is not used here: its Python DXT
  decoder widens 5- and 6-bit colours by shifting (`v << 3`), up to 7 levels
  under the 8-bit values BC1 defines (bit replication).
- BLP1 JPEG: Pillow's JPEG decoder over the shared header + level 0, its
  four components taken as stored: B, G, R, A.
  Pillow's BLP plugin converts that CMYK to RGB instead, losing alpha.
- Palettized: colours by Pillow's BLP plugin (from the palette here where
  it refuses the file: BLP1 picture type 3); alpha from the alpha plane
  after the indices (1, 4 or 8 bits a pixel), which Pillow's plugin ignores
  (it takes the palette entries' alpha byte, 0 in real files).
- Raw BGRA (BLP2 colour encoding 3, which Pillow does not read): 4 bytes a
  pixel in B, G, R, A order.

An alpha depth of 0 makes every pixel opaque. Prints one JSON line a pair:
the file, how it was read, the largest difference of any channel from
m2view's PNG (or the error), and what Pillow's own BLP plugin makes of the
file (its size, or its error)."""

import io
import json
import struct
import sys

from PIL import Image


def level0(data, blp1):
    offsets = 0x1C if blp1 else 0x14
    offset = struct.unpack_from("<I", data, offsets)[0]
    size = struct.unpack_from("<I", data, offsets + 0x40)[0]
    return data[offset : offset + size]


def alpha_plane(data, bits, n, start):
    if bits == 0:
        return [255] * n
    if bits == 1:
        return [255 * ((data[start + i // 8] >> (i % 8)) & 1) for i in range(n)]
    if bits == 4:
        return [17 * ((data[start + i // 2] >> (4 * (i % 2))) & 15) for i in range(n)]
    return list(data[start : start + n])


def read(path):
    data = open(path, "rb").read()
    blp1 = data[:4] == b"BLP1"
    width, height = struct.unpack_from("<II", data, 12 if not blp1 else 12)
    n = width * height
    if blp1:
        content, alpha_bits = struct.unpack_from("<II", data, 4)
        encoding = "jpeg" if content == 0 else "palette"
    else:
        alpha_bits, alpha_type = data[9], data[10]
        encoding = {1: "palette", 2: "dxt", 3: "raw"}[data[8]]
    body = level0(data, blp1)
    if encoding == "raw":
        px = bytearray()
        for i in range(n):
            b, g, r, a = body[4 * i : 4 * i + 4]
            px += bytes((r, g, b, a if alpha_bits else 255))
        return "wowdev raw BGRA", Image.frombytes("RGBA", (width, height), bytes(px))
    if encoding == "dxt":
        bc = {0: 1, 1: 2, 7: 3}[alpha_type]
        img = Image.frombuffer("RGBA", (width, height), body, "bcn", bc).convert("RGBA")
        if alpha_bits == 0:
            img.putalpha(255)
        return f"Pillow BC{bc}", img
    if encoding == "jpeg":
        header_size = struct.unpack_from("<I", data, 0x9C)[0]
        stream = data[0xA0 : 0xA0 + header_size] + body
        jpeg = Image.open(io.BytesIO(stream))
        jpeg.draft(None, None)
        if jpeg.mode != "CMYK":
            raise ValueError(f"JPEG of mode {jpeg.mode}")
        # Pillow reads every four-component JPEG as Adobe's inverted CMYK ("CMYK;I"):
        # undone here, as the stream holds B, G, R, A as they are.
        b, g, r, a = (Image.eval(c, lambda v: 255 - v) for c in jpeg.split())
        img = Image.merge("RGBA", (r, g, b, a))
        if alpha_bits == 0:
            img.putalpha(255)
        return "Pillow JPEG (raw components)", img
    alpha = alpha_plane(body, alpha_bits, n, n)
    try:
        how, colours = "Pillow palette", Image.open(path).convert("RGB")
    except Exception:
        # Pillow 9.4 refuses BLP1 picture type 3 (wow-blp's test files); the palette is
        # 256 B, G, R, A entries after the header (0x9C in BLP1, 0x94 in BLP2).
        palette = 0x9C if blp1 else 0x94
        rgb = bytearray()
        for i in body[:n]:
            b, g, r = data[palette + 4 * i : palette + 4 * i + 3]
            rgb += bytes((r, g, b))
        how, colours = "wowdev palette", Image.frombytes("RGB", (width, height), bytes(rgb))
    img = colours.convert("RGBA")
    img.putalpha(Image.frombytes("L", (width, height), bytes(alpha)))
    return how + " + wowdev alpha plane", img


def main(args):
    for blp, png in zip(args[0::2], args[1::2]):
        try:
            how, theirs = read(blp)
            ours = Image.open(png).convert("RGBA")
            if theirs.size != ours.size:
                raise ValueError(f"size {theirs.size}, m2view {ours.size}")
            a, b = theirs.tobytes(), ours.tobytes()
            worst = max((abs(x - y) for x, y in zip(a, b)), default=0)
            try:
                with Image.open(blp) as plugin:
                    plugin.load()
                    opened = list(plugin.size)
            except Exception as e:
                opened = f"{type(e).__name__}: {e}"
            print(json.dumps({"file": blp, "how": how, "worst": worst, "pillow_plugin": opened}))
        except Exception as e:  # reported per file; the test decides
            print(json.dumps({"file": blp, "error": f"{type(e).__name__}: {e}"}))


main(sys.argv[1:])
