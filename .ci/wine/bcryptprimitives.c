/* bcryptprimitives.dll for Wine 8, which lacks it.
 *
 * Rust's standard library for Windows (1.78 and later) draws its random
 * numbers from bcryptprimitives.dll's ProcessPrng. Wine 8.0 (Debian 12's
 * wine64) has no such DLL, so every Rust .exe exits at once with status 53.
 * This DLL, placed beside the test executables under Wine only (never
 * shipped), forwards ProcessPrng to advapi32's SystemFunction036
 * (RtlGenRandom), which Wine implements with the host's random source.
 * Built by .ci/windows with x86_64-w64-mingw32-gcc -shared.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
