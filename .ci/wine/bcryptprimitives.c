/* Debian's wine 8 has no bcryptprimitives.dll, whose ProcessPrng Rust's std imports for
 * random numbers (HashMap keys, tempfile names). This stand-in, placed beside the .exe under
 * wine only (never shipped), answers with RtlGenRandom (advapi32's SystemFunction036).
 * Built by .ci/wine-day: x86_64-w64-mingw32-gcc -shared -o bcryptprimitives.dll THIS -ladvapi32 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG n = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, n)) return FALSE;
        data += n;
        length -= n;
    }
    return TRUE;
}
