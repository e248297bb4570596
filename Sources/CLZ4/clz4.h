// liblz4, the LZ4 reference library (Debian's liblz4-dev to build, liblz4-1 to run): Firefox compresses its
// bookmark backups (.jsonlz4) with it, and favs reads them with LZ4_decompress_safe, never a decoder of its own.
#ifndef CLZ4_H
#define CLZ4_H
#include <lz4.h>
#endif
