/*
 * A stand-in for Windows' bcryptprimitives.dll, for running m2view.exe under
 * Wine 8 (Debian 12) in CI.
 *
 * Rust's standard library (since 1.78) imports ProcessPrng from
 * bcryptprimitives.dll for its random numbers (HashMap seeds); Windows 10 and
 * later have it, Wine gained it only in 9.x. Without it the loader refuses to
 * start the program. This DLL, placed beside m2view.exe, exports ProcessPrng
 * and fills the buffer from RtlGenRandom (advapi32's SystemFunction036),
 * which Wine 8 has. Real Windows never sees this file: it is built by
 * .ci/run and lives only in the test folder.
 *
 * Build: x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll \
 *        bcryptprimitives.c -ladvapi32
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
