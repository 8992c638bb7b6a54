/* Holds the exclusive lock of a file the way bianpai's std File::lock takes it on Windows
 * (LockFileEx over the whole file) for some milliseconds, to check under wine that a second
 * writer waits for it and a reader is not refused (.ci/wine-day). Writes the file `READY`
 * once the lock is held.  Usage: hold-lock.exe FILE MILLISECONDS READY */
#include <windows.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: hold-lock FILE MILLISECONDS READY\n");
        return 2;
    }
    HANDLE f = CreateFileA(argv[1], GENERIC_READ | GENERIC_WRITE,
                           FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL,
                           OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, NULL);
    if (f == INVALID_HANDLE_VALUE) {
        fprintf(stderr, "hold-lock: cannot open %s (%lu)\n", argv[1], GetLastError());
        return 1;
    }
    OVERLAPPED ov = {0};
    if (!LockFileEx(f, LOCKFILE_EXCLUSIVE_LOCK, 0, MAXDWORD, MAXDWORD, &ov)) {
        fprintf(stderr, "hold-lock: LockFileEx failed (%lu)\n", GetLastError());
        return 1;
    }
    FILE *ready = fopen(argv[3], "w");
    if (ready) fclose(ready);
    Sleep((DWORD)atoi(argv[2]));
    UnlockFileEx(f, 0, MAXDWORD, MAXDWORD, &ov);
    CloseHandle(f);
    return 0;
}
