/* nsis_tauri_utils.dll for the NSIS installer built and tested under Wine
 * by .ci/windows-installer. Never shipped.
 *
 * Why it exists: Tauri's bundler downloads its NSIS plugin
 * nsis_tauri_utils.dll (tauri-apps/nsis-tauri-utils, a Rust DLL) from
 * GitHub's releases before it writes the installer's script, and GitHub
 * cannot be reached from this machine. The installer script Tauri writes
 * calls the plugin, so makensis cannot build it without one. This file
 * stands in for it, on this machine only: a release is built by Tauri's
 * bundler on GitHub's runners, with Tauri's own DLL, and never with this.
 *
 * It is built for amd64-unicode (x86_64-w64-mingw32-gcc, with the plugin
 * API of Debian's nsis-pluginapi), not x86-unicode as Tauri's is: Debian's
 * wine64 runs 64-bit programs only, so the installer tested under Wine is
 * the amd64 build of the same script (.ci/windows-installer says so).
 *
 * Each function does what Tauri's does, with the same arguments and the
 * same results on the NSIS stack (nsis-tauri-utils 0.5.x):
 *
 *   SemverCompare v1 v2      pushes 1 when v1 is newer, -1 when v2 is,
 *                            0 when equal, by the Rust semver crate's rules
 *                            (strict SemVer 2.0 syntax; a version that does
 *                            not parse is older than one that does, two
 *                            that do not parse are equal; build metadata is
 *                            compared last, as that crate's Ord does).
 *   StrReplace s find rep    pushes s with every find replaced by rep.
 *   FindProcess name         pushes 0 when a process of that file name
 *                            (case-insensitive, this process excepted)
 *                            runs, 1 when none does (Toolhelp snapshot).
 *   FindProcessCurrentUser   the same, only the current user's processes.
 *   KillProcess name         terminates every such process: pushes 0 when
 *                            all were, 1 when some were not, 2 when none
 *                            ran.
 *   KillProcessCurrentUser   the same, only the current user's processes.
 *   RunAsUser program args   starts program with args (ShellExecute
 *                            "open"), pushes 0 when it started, 1 if not.
 *                            Tauri's does the same when the installer is
 *                            not elevated, as a per-user installer is not;
 *                            an elevated one starts it with the desktop
 *                            shell's token instead, which this one does
 *                            not do (Wine has a single user).
 *
 * .ci/wine/nsis_tauri_utils-test.nsi checks each of them under Wine.
 */
#define UNICODE
#define _UNICODE
#include <windows.h>
#include <shellapi.h>
#include <tlhelp32.h>
#include <nsis/pluginapi.h>

#define EXPORT __declspec(dllexport) void __cdecl
#define PLUGIN_ARGS HWND parent, int string_size, LPTSTR variables, stack_t **stacktop, extra_parameters *extra

/* One string popped off the NSIS stack, in a buffer of g_stringsize
 * characters (or an empty one if the stack is empty). */
static WCHAR *pop_alloc(void)
{
    WCHAR *text = (WCHAR *)GlobalAlloc(GPTR, (g_stringsize + 1) * sizeof(WCHAR));
    if (text && popstring(text) != 0)
        text[0] = 0;
    return text;
}

static void free_all(WCHAR *a, WCHAR *b, WCHAR *c)
{
    if (a) GlobalFree(a);
    if (b) GlobalFree(b);
    if (c) GlobalFree(c);
}

/* ---------------------------------------------------------------- semver */

typedef struct {
    unsigned long long major, minor, patch;
    const WCHAR *pre, *pre_end;     /* without the '-' */
    const WCHAR *build, *build_end; /* without the '+' */
} version;

static int is_digit(WCHAR c) { return c >= L'0' && c <= L'9'; }

static int is_ident_char(WCHAR c)
{
    return is_digit(c) || (c >= L'a' && c <= L'z') || (c >= L'A' && c <= L'Z') || c == L'-';
}

/* A number of major.minor.patch: digits, no leading zero, fits 64 bits. */
static const WCHAR *parse_number(const WCHAR *p, unsigned long long *out)
{
    unsigned long long value = 0;
    const WCHAR *start = p;
    if (!is_digit(*p))
        return NULL;
    while (is_digit(*p)) {
        unsigned digit = (unsigned)(*p - L'0');
        if (value > (~0ULL - digit) / 10)
            return NULL;
        value = value * 10 + digit;
        p++;
    }
    if (p - start > 1 && *start == L'0')
        return NULL;
    *out = value;
    return p;
}

/* Dot-separated identifiers up to the end or `stop`; pre-release numeric
 * identifiers may not have leading zeros, build metadata's may. */
static const WCHAR *parse_idents(const WCHAR *p, WCHAR stop, int numeric_no_leading_zero)
{
    for (;;) {
        const WCHAR *start = p;
        int all_digits = 1;
        while (is_ident_char(*p)) {
            if (!is_digit(*p))
                all_digits = 0;
            p++;
        }
        if (p == start)
            return NULL;
        if (numeric_no_leading_zero && all_digits && p - start > 1 && *start == L'0')
            return NULL;
        if (*p == L'.') {
            p++;
            continue;
        }
        if (*p == 0 || *p == stop)
            return p;
        return NULL;
    }
}

static int parse_version(const WCHAR *text, version *v)
{
    const WCHAR *p = text;
    if (!(p = parse_number(p, &v->major)) || *p++ != L'.')
        return 0;
    if (!(p = parse_number(p, &v->minor)) || *p++ != L'.')
        return 0;
    if (!(p = parse_number(p, &v->patch)))
        return 0;
    v->pre = v->pre_end = p;
    if (*p == L'-') {
        v->pre = ++p;
        if (!(p = parse_idents(p, L'+', 1)))
            return 0;
        v->pre_end = p;
    }
    v->build = v->build_end = p;
    if (*p == L'+') {
        v->build = ++p;
        if (!(p = parse_idents(p, 0, 0)))
            return 0;
        v->build_end = p;
    }
    return *p == 0;
}

static int cmp_ull(unsigned long long a, unsigned long long b) { return a < b ? -1 : a > b; }

/* The next identifier of [*p, end): sets its bounds, moves *p past it and
 * its dot. Returns 0 when there is none left. */
static int next_ident(const WCHAR **p, const WCHAR *end, const WCHAR **s, const WCHAR **e)
{
    if (*p > end)
        return 0;
    *s = *p;
    while (*p < end && **p != L'.')
        (*p)++;
    *e = *p;
    (*p)++; /* past the dot, or past the end: then none is left */
    return 1;
}

static int all_digits(const WCHAR *s, const WCHAR *e)
{
    for (; s < e; s++)
        if (!is_digit(*s))
            return 0;
    return 1;
}

static int cmp_text(const WCHAR *a, const WCHAR *ae, const WCHAR *b, const WCHAR *be)
{
    while (a < ae && b < be) {
        if (*a != *b)
            return *a < *b ? -1 : 1;
        a++, b++;
    }
    return cmp_ull((unsigned long long)(ae - a), (unsigned long long)(be - b));
}

/* Numeric identifiers: by value (by length without leading zeros, then by
 * digits), then, for build metadata, the one with fewer leading zeros
 * first, as the semver crate orders them. */
static int cmp_numeric(const WCHAR *a, const WCHAR *ae, const WCHAR *b, const WCHAR *be)
{
    const WCHAR *av = a, *bv = b;
    int c;
    while (av < ae && *av == L'0') av++;
    while (bv < be && *bv == L'0') bv++;
    if ((c = cmp_ull((unsigned long long)(ae - av), (unsigned long long)(be - bv))))
        return c;
    if ((c = cmp_text(av, ae, bv, be)))
        return c;
    return cmp_ull((unsigned long long)(ae - a), (unsigned long long)(be - b));
}

/* Identifier lists (pre-release or build): numeric < alphanumeric,
 * alphanumeric by ASCII order, a longer list of equal prefix is greater. */
static int cmp_idents(const WCHAR *a, const WCHAR *ae, const WCHAR *b, const WCHAR *be)
{
    const WCHAR *as = NULL, *aend = NULL, *bs = NULL, *bend = NULL;
    for (;;) {
        int has_a = next_ident(&a, ae, &as, &aend);
        int has_b = next_ident(&b, be, &bs, &bend);
        int an, bn, c;
        if (!has_a || !has_b)
            return has_a - has_b;
        an = all_digits(as, aend);
        bn = all_digits(bs, bend);
        if (an != bn)
            return an ? -1 : 1;
        c = an ? cmp_numeric(as, aend, bs, bend) : cmp_text(as, aend, bs, bend);
        if (c)
            return c;
    }
}

static int semver_compare(const WCHAR *t1, const WCHAR *t2)
{
    version a, b;
    int ok_a = parse_version(t1, &a), ok_b = parse_version(t2, &b), c;
    if (ok_a != ok_b)
        return ok_a ? 1 : -1;
    if (!ok_a)
        return 0;
    if ((c = cmp_ull(a.major, b.major)) || (c = cmp_ull(a.minor, b.minor)) ||
        (c = cmp_ull(a.patch, b.patch)))
        return c;
    /* No pre-release is greater than any pre-release. */
    if ((a.pre == a.pre_end) != (b.pre == b.pre_end))
        return a.pre == a.pre_end ? 1 : -1;
    if (a.pre != a.pre_end && (c = cmp_idents(a.pre, a.pre_end, b.pre, b.pre_end)))
        return c;
    /* Build metadata last: none is less than any. */
    return cmp_idents(a.build, a.build_end, b.build, b.build_end);
}

EXPORT SemverCompare(PLUGIN_ARGS)
{
    WCHAR *v1, *v2;
    EXDLL_INIT();
    v1 = pop_alloc();
    v2 = pop_alloc();
    pushint(v1 && v2 ? semver_compare(v1, v2) : 0);
    free_all(v1, v2, NULL);
}

/* ------------------------------------------------------------ StrReplace */

EXPORT StrReplace(PLUGIN_ARGS)
{
    WCHAR *text, *find, *rep, *out;
    size_t cap, n = 0, find_len, rep_len;
    const WCHAR *p;
    EXDLL_INIT();
    text = pop_alloc();
    find = pop_alloc();
    rep = pop_alloc();
    cap = g_stringsize;
    out = (WCHAR *)GlobalAlloc(GPTR, (cap + 1) * sizeof(WCHAR));
    if (!text || !find || !rep || !out) {
        pushstring(L"");
        free_all(text, find, rep);
        if (out) GlobalFree(out);
        return;
    }
    find_len = lstrlenW(find);
    rep_len = lstrlenW(rep);
#define PUT(s, len) do { size_t k_; for (k_ = 0; k_ < (len) && n < cap; k_++) out[n++] = (s)[k_]; } while (0)
    if (find_len == 0) {
        /* As Rust's str::replace: the replacement around every character. */
        for (p = text; *p; p++) {
            PUT(rep, rep_len);
            PUT(p, 1);
        }
        PUT(rep, rep_len);
    } else {
        for (p = text; *p;) {
            if (wcsncmp(p, find, find_len) == 0) {
                PUT(rep, rep_len);
                p += find_len;
            } else {
                PUT(p, 1);
                p++;
            }
        }
    }
#undef PUT
    out[n < cap ? n : cap - 1] = 0;
    pushstring(out);
    free_all(text, find, rep);
    GlobalFree(out);
}

/* ------------------------------------------------------------- processes */

/* The user SID of a process, in a buffer the caller frees, or NULL. */
static PSID process_user(DWORD pid)
{
    HANDLE process = OpenProcess(PROCESS_QUERY_INFORMATION, FALSE, pid), token = NULL;
    DWORD size = 0;
    TOKEN_USER *user = NULL;
    PSID sid = NULL;
    if (!process)
        return NULL;
    if (OpenProcessToken(process, TOKEN_QUERY, &token)) {
        GetTokenInformation(token, TokenUser, NULL, 0, &size);
        if (size && (user = (TOKEN_USER *)GlobalAlloc(GPTR, size)) &&
            GetTokenInformation(token, TokenUser, user, size, &size)) {
            DWORD len = GetLengthSid(user->User.Sid);
            if ((sid = GlobalAlloc(GPTR, len)))
                CopySid(len, sid, user->User.Sid);
        }
        if (user) GlobalFree(user);
        CloseHandle(token);
    }
    CloseHandle(process);
    return sid;
}

/* Calls found(pid) for each running process named `name` (case-insensitive),
 * this one excepted, and of the current user's only when `current_user`
 * (all of them when the current user's SID cannot be read, as Tauri's).
 * Returns how many there were, or -1 when no snapshot could be taken. */
static int each_process(const WCHAR *name, int current_user, int (*found)(DWORD), int *failed)
{
    HANDLE snapshot = CreateToolhelp32Snapshot(TH32CS_SNAPPROCESS, 0);
    PROCESSENTRY32W entry;
    DWORD self = GetCurrentProcessId();
    PSID me = current_user ? process_user(self) : NULL;
    int count = 0;
    if (snapshot == INVALID_HANDLE_VALUE) {
        if (me) GlobalFree(me);
        return -1;
    }
    entry.dwSize = sizeof(entry);
    if (Process32FirstW(snapshot, &entry)) {
        do {
            if (entry.th32ProcessID == self || lstrcmpiW(entry.szExeFile, name) != 0)
                continue;
            if (me) {
                PSID sid = process_user(entry.th32ProcessID);
                int same = sid && EqualSid(sid, me);
                if (sid) GlobalFree(sid);
                if (!same)
                    continue;
            }
            count++;
            if (found && !found(entry.th32ProcessID))
                (*failed)++;
        } while (Process32NextW(snapshot, &entry));
    }
    CloseHandle(snapshot);
    if (me) GlobalFree(me);
    return count;
}

static int kill_process(DWORD pid)
{
    HANDLE process = OpenProcess(PROCESS_TERMINATE | SYNCHRONIZE, FALSE, pid);
    BOOL ok;
    if (!process)
        return GetLastError() == ERROR_INVALID_PARAMETER; /* already gone */
    /* ERROR_ACCESS_DENIED here: it ended between OpenProcess and now. */
    ok = TerminateProcess(process, 1) || GetLastError() == ERROR_ACCESS_DENIED;
    /* Unlike Tauri's, wait (5 s at most) until it has ended, so that a
     * FindProcess right after sees it gone. */
    if (ok)
        WaitForSingleObject(process, 5000);
    CloseHandle(process);
    return ok;
}

static void find_process(int current_user)
{
    WCHAR *name = pop_alloc();
    int failed = 0;
    pushint(name && each_process(name, current_user, NULL, &failed) > 0 ? 0 : 1);
    free_all(name, NULL, NULL);
}

static void kill_processes(int current_user)
{
    WCHAR *name = pop_alloc();
    int failed = 0, count = name ? each_process(name, current_user, kill_process, &failed) : 0;
    pushint(count <= 0 ? 2 : failed ? 1 : 0);
    free_all(name, NULL, NULL);
}

EXPORT FindProcess(PLUGIN_ARGS) { EXDLL_INIT(); find_process(0); }
EXPORT FindProcessCurrentUser(PLUGIN_ARGS) { EXDLL_INIT(); find_process(1); }
EXPORT KillProcess(PLUGIN_ARGS) { EXDLL_INIT(); kill_processes(0); }
EXPORT KillProcessCurrentUser(PLUGIN_ARGS) { EXDLL_INIT(); kill_processes(1); }

/* ------------------------------------------------------------- RunAsUser */

EXPORT RunAsUser(PLUGIN_ARGS)
{
    WCHAR *program, *args;
    HINSTANCE result = NULL;
    EXDLL_INIT();
    program = pop_alloc();
    args = pop_alloc();
    if (program && args)
        result = ShellExecuteW(NULL, L"open", program, args, NULL, SW_SHOW);
    pushint((INT_PTR)result > 32 ? 0 : 1);
    free_all(program, args, NULL);
}
