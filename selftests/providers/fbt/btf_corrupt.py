#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# Makes corrupt copies of a BTF file for the fbt tests (badbtf.sh) and
# the host unit tests of the BTF checker: each copy breaks one rule the
# checker enforces and keeps the rest of the file as it was.
#
# Usage: btf_corrupt.py IN OUTDIR [FUNC]
# writes OUTDIR/CASE.btf for every CASE below and prints the names.
# FUNC (default vfs_read) is the function whose records get broken,
# so that a reader that does not check would use them.
import struct
import sys

HDR = struct.Struct('<HBBIIIII')        # magic version flags hdr_len
TYPE = struct.Struct('<III')            # name_off info size_or_type
KIND_INT, KIND_FUNC, KIND_FUNC_PROTO = 1, 12, 13


def extra(kind, vlen):
    """Bytes after a type record of this kind (the layout of btf.h)."""
    fixed = {1: 4, 3: 12, 14: 4, 17: 4}
    per = {4: 12, 5: 12, 6: 8, 13: 8, 15: 12, 19: 12}
    return fixed.get(kind, 0) + per.get(kind, 0) * vlen


class Btf:
    def __init__(self, data):
        self.data = bytearray(data)
        self.parse()

    def copy(self):
        other = Btf.__new__(Btf)
        other.__dict__.update(self.__dict__)
        other.data = bytearray(self.data)
        return other

    def parse(self):
        data = self.data
        (magic, _, _, self.hdr_len, self.type_off, self.type_len,
         self.str_off, self.str_len) = HDR.unpack_from(data)
        if magic != 0xeb9f:
            sys.exit('not BTF')
        self.types = self.hdr_len + self.type_off
        self.strs = self.hdr_len + self.str_off
        self.recs = []          # file offset of type id 1, 2, ...
        off = self.types
        end = self.types + self.type_len
        unpack = struct.Struct('<I').unpack_from
        while off < end:
            self.recs.append(off)
            info = unpack(data, off + 4)[0]
            off += TYPE.size + extra((info >> 24) & 0x1f, info & 0xffff)

    def rec(self, tid):
        return TYPE.unpack_from(self.data, self.recs[tid - 1])

    def put(self, tid, name_off=None, info=None, ref=None):
        old = self.rec(tid)
        new = [old[0] if name_off is None else name_off,
               old[1] if info is None else info,
               old[2] if ref is None else ref]
        TYPE.pack_into(self.data, self.recs[tid - 1], *new)

    def name(self, off):
        end = self.data.index(b'\0', self.strs + off)
        return self.data[self.strs + off:end].decode()

    def find(self, kind, name=None):
        for tid in range(1, len(self.recs) + 1):
            name_off, info, _ = self.rec(tid)
            if (info >> 24) & 0x1f == kind and \
               (name is None or self.name(name_off) == name):
                return tid
        sys.exit(f'no type of kind {kind} named {name}')

    def set_hdr(self, **kw):
        fields = dict(zip(('magic', 'version', 'flags', 'hdr_len',
                           'type_off', 'type_len', 'str_off', 'str_len'),
                          HDR.unpack_from(self.data)))
        fields.update(kw)
        HDR.pack_into(self.data, 0, *fields.values())


def cases(raw, func):
    """Yield (name, bytes) for each corruption of BTF @raw."""
    base = Btf(raw)
    fid = base.find(KIND_FUNC, func)
    proto = base.rec(fid)[2]
    ntypes = len(base.recs)

    yield 'truncated', bytes(raw[:len(raw) * 3 // 5])

    # The string section runs to the end of the last page with no NUL,
    # and FUNC and vfs_write are both named by the run: a reader that
    # trusts the section compares them past the end of its buffer.
    b = base.copy()
    assert b.strs + b.str_len == len(b.data), 'strings are not last'
    pad = 4096 - len(b.data) % 4096
    run = b.str_len
    b.data[-1:] = b'A' * (pad + 1)
    b.set_hdr(str_len=b.str_len + pad)
    b.put(fid, name_off=run)
    b.put(base.find(KIND_FUNC, 'vfs_write'), name_off=run)
    yield 'strnul', bytes(b.data)

    b = base.copy()
    b.put(fid, name_off=b.str_len + 100)
    yield 'nameoff', bytes(b.data)

    b = base.copy()     # FUNC -> kind 25: the same size
    b.put(fid, info=(25 << 24) | (b.rec(fid)[1] & 0xffff))
    yield 'kind', bytes(b.data)

    b = base.copy()     # the first parameter's type
    off = b.recs[proto - 1] + TYPE.size + 4
    struct.pack_into('<I', b.data, off, ntypes + 1000)
    yield 'typeid', bytes(b.data)

    b = base.copy()
    b.put(fid, ref=b.find(KIND_INT))
    yield 'notproto', bytes(b.data)


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__ or 'usage: btf_corrupt.py IN OUTDIR [FUNC]')
    with open(sys.argv[1], 'rb') as f:
        raw = f.read()
    func = sys.argv[3] if len(sys.argv) == 4 else 'vfs_read'
    for name, data in cases(raw, func):
        with open(f'{sys.argv[2]}/{name}.btf', 'wb') as f:
            f.write(data)
        print(name)


if __name__ == '__main__':
    main()
