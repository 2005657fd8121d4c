//! A fault-injecting SQLite VFS for the power-loss test (`tests/power_loss.rs`), after SQLite's own crash
//! tests (`src/test6.c`, the "crash" VFS): it wraps the default `unix` VFS, keeps for each database file what a
//! power cut could not take away (its content as of its last `xSync`) and the writes made since, and at chosen
//! points of the run builds the files a power cut at that instant could leave on disk (a *crash image*). The
//! model is in docs/power-loss.md.
//!
//! Crash points are numbered I/O operations: every `xWrite`, `xSync` and `xTruncate` of a database, WAL or
//! journal file, across every connection, counts one. A point `k` is the instant just before operation `k`:
//! - a *snapshot* at `k` builds an image and lets the run go on (cheap: many crash points per run);
//! - the *stop* at `k` builds an image and then fails operation `k` and every later read, write, sync and
//!   truncate with `SQLITE_IOERR_*` (the power is off: nothing more reaches the disk, and a commit whose sync
//!   is refused is not acknowledged).
//!
//! An image holds, for each file whose directory entry is durable, its durable content plus a seeded random
//! subset of the writes and truncations made since its last sync, applied in the order they were made, at most
//! one of them torn at 512-byte sector boundaries. Writes are applied to the real files at once (the running
//! process reads them back as it would from the page cache); `xSync` never reaches the real disk (the model
//! decides what is durable), which keeps the test fast.
//!
//! Files are keyed by path; the files of one store live in one folder and an image is written into another
//! folder under the same names. The `-shm` file is not a database file (SQLite rebuilds it after a crash) and
//! is not in an image. Each [`CrashVfs::arm`] starts a new run (an epoch): handles opened in an earlier run
//! (connections of a store still closing) fail every operation and count for nothing.

use std::collections::{BTreeMap, HashSet};
use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::path::{Path, PathBuf};
use std::ptr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};

use libsqlite3_sys as ffi;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The sector a torn write is torn at.
pub const SECTOR: u64 = 512;

/// Where a run's power cuts fall: operation numbers (see the module's doc).
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// Chooses what each image keeps of the unsynced writes.
    pub seed: u64,
    /// Images built without stopping (any order; duplicates are taken once).
    pub snapshots: Vec<u64>,
    /// The power cut that ends the run; None: the run ends when [`CrashVfs::stop_now`] is called.
    pub stop: Option<u64>,
}

/// The files a power cut at operation `at` could have left.
#[derive(Clone, Debug)]
pub struct Image {
    /// The operation the power failed before (operations `0..at` happened).
    pub at: u64,
    /// The run's stop (every later operation failed), or a snapshot (the run went on).
    pub stop: bool,
    /// File name → content, for files whose directory entry was durable.
    pub files: BTreeMap<String, Vec<u8>>,
    /// Unsynced changes (writes, truncations) the image lost, and whether it holds a torn write.
    pub lost: usize,
    pub torn: bool,
    /// What the image kept of the unsynced writes, for a failure's message.
    pub note: String,
}

impl Image {
    /// Writes the files into `dir` (which must exist).
    pub fn write_to(&self, dir: &Path) -> std::io::Result<()> {
        for (name, content) in &self.files {
            std::fs::write(dir.join(name), content)?;
        }
        Ok(())
    }
}

/// A write or truncation made since the file's last sync.
#[derive(Clone, Debug)]
enum Change {
    Write { offset: u64, data: Vec<u8> },
    Truncate(u64),
}

impl Change {
    fn apply(&self, content: &mut Vec<u8>) {
        match self {
            Change::Write { offset, data } => write_at(content, *offset, data),
            Change::Truncate(size) => content.resize(*size as usize, 0),
        }
    }
}

fn write_at(content: &mut Vec<u8>, offset: u64, data: &[u8]) {
    let (start, end) = (offset as usize, offset as usize + data.len());
    if content.len() < end {
        content.resize(end, 0);
    }
    content[start..end].copy_from_slice(data);
}

/// One database, WAL or journal file.
#[derive(Debug, Default)]
struct FileState {
    /// Its content as of its last sync (empty for a new file).
    durable: Vec<u8>,
    /// Changes since, in the order they were made.
    pending: Vec<Change>,
    /// Its directory entry is durable: it existed before the run, or its folder was synced since it was created.
    linked: bool,
}

#[derive(Debug, Default)]
struct State {
    epoch: u64,
    /// Operations counted so far in this run (the number of the next one).
    ops: u64,
    plan: Plan,
    /// Snapshots still to take, sorted, the next last.
    snapshots: Vec<u64>,
    rng: Option<ChaCha8Rng>,
    files: BTreeMap<PathBuf, FileState>,
    stopped: bool,
    images: Vec<Image>,
}

impl State {
    /// Counts an operation of the current run. Err: the power is off (the operation must fail and not happen).
    fn op(&mut self) -> Result<(), ()> {
        if self.stopped {
            return Err(());
        }
        let k = self.ops;
        self.ops += 1;
        while self.snapshots.last().is_some_and(|&s| s <= k) {
            self.snapshots.pop();
            let image = self.image(k, false);
            self.images.push(image);
        }
        if self.plan.stop == Some(k) {
            self.stop(k);
            return Err(());
        }
        Ok(())
    }

    fn stop(&mut self, at: u64) {
        if !self.stopped {
            let image = self.image(at, true);
            self.images.push(image);
            self.stopped = true;
        }
    }

    /// What a power cut now could leave: each linked file's durable content plus, in order, the changes this
    /// image keeps (each with the chance `keep`; at most one write torn at sector boundaries).
    fn image(&mut self, at: u64, stop: bool) -> Image {
        let rng = self.rng.get_or_insert_with(|| ChaCha8Rng::seed_from_u64(0));
        // Often all or nothing, else a fraction: every mix of kept and lost writes is reached.
        let keep: f64 = match rng.gen_range(0..4) {
            0 => 0.0,
            1 => 1.0,
            _ => rng.gen(),
        };
        let mut may_tear = rng.gen_bool(0.5);
        let (mut kept, mut lost, mut torn) = (0, 0, None);
        let mut files = BTreeMap::new();
        for (path, file) in &self.files {
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else { continue };
            if !file.linked {
                lost += file.pending.len();
                continue;
            }
            let mut content = file.durable.clone();
            for change in &file.pending {
                if rng.gen_bool(keep) {
                    change.apply(&mut content);
                    kept += 1;
                } else if let (true, Change::Write { offset, data }) = (may_tear && spans_sectors(change), change) {
                    may_tear = false;
                    let sectors = tear(&mut content, *offset, data, rng);
                    torn = Some(format!("{name} @{offset}+{} kept sectors {sectors:?}", data.len()));
                } else {
                    lost += 1;
                }
            }
            files.insert(name.to_string(), content);
        }
        let names: Vec<&String> = files.keys().collect();
        let note = format!(
            "files {names:?}; of the unsynced changes {kept} kept, {lost} lost, torn: {}",
            torn.as_deref().unwrap_or("none")
        );
        Image { at, stop, files, lost, torn: torn.is_some(), note }
    }
}

/// A write that covers parts of two sectors or more (one that does not cannot tear).
fn spans_sectors(change: &Change) -> bool {
    matches!(change, Change::Write { offset, data } if (offset + data.len() as u64 - 1) / SECTOR > offset / SECTOR)
}

/// Applies some but not all of a write's pieces, cut at sector boundaries; returns which pieces.
fn tear(content: &mut Vec<u8>, offset: u64, data: &[u8], rng: &mut ChaCha8Rng) -> Vec<usize> {
    let end = offset + data.len() as u64;
    let mut pieces = Vec::new();
    let mut at = offset;
    while at < end {
        let next = ((at / SECTOR + 1) * SECTOR).min(end);
        pieces.push((at, next));
        at = next;
    }
    let mut kept: Vec<usize> = (0..pieces.len()).filter(|_| rng.gen_bool(0.5)).collect();
    if kept.is_empty() {
        kept.push(rng.gen_range(0..pieces.len()));
    } else if kept.len() == pieces.len() {
        kept.remove(rng.gen_range(0..kept.len()));
    }
    for &i in &kept {
        let (from, to) = pieces[i];
        write_at(content, from, &data[(from - offset) as usize..(to - offset) as usize]);
    }
    kept
}

/// Shared by the VFS's functions through `pAppData`.
struct Shared {
    unix: *mut ffi::sqlite3_vfs,
    state: Mutex<State>,
}

// SAFETY: `unix` points to SQLite's built-in VFS object, which lives as long as the process and which SQLite
// itself calls from any thread; everything else is behind the mutex.
unsafe impl Send for Shared {}
unsafe impl Sync for Shared {}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock (a test's failure) must not hide the model from the next test.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The VFS, registered under its own name for the life of the process.
pub struct CrashVfs {
    name: String,
    shared: &'static Shared,
}

impl CrashVfs {
    /// Registers a VFS named `name` (not as the default); each test registers its own name.
    pub fn register(name: &str) -> CrashVfs {
        // SAFETY: `sqlite3_vfs_find` initializes SQLite if needed and returns its static `unix` VFS (never freed).
        let unix = unsafe { ffi::sqlite3_vfs_find(c"unix".as_ptr()) };
        assert!(!unix.is_null(), "SQLite has no unix VFS");
        let shared: &'static Shared = Box::leak(Box::new(Shared { unix, state: Mutex::new(State::default()) }));
        let c_name: &'static CStr = Box::leak(CString::new(name).expect("a VFS name without NUL").into_boxed_c_str());
        // SAFETY: `unix` is valid (above); we copy its plain fields and the functions that ignore their VFS argument
        // (unixDlOpen, unixDlError, unixDlSym, unixDlClose, unixRandomness, unixSleep, unixCurrentTime,
        // unixGetLastError and unixCurrentTimeInt64 take it as `NotUsed` in sqlite3.c). Those that touch files are
        // ours and call unix's with unix's own VFS object.
        let vfs = unsafe {
            let u = &*unix;
            ffi::sqlite3_vfs {
                iVersion: 2,
                szOsFile: std::mem::size_of::<CrashFile>() as c_int,
                mxPathname: u.mxPathname,
                pNext: ptr::null_mut(),
                zName: c_name.as_ptr(),
                pAppData: shared as *const Shared as *mut c_void,
                xOpen: Some(x_open),
                xDelete: Some(x_delete),
                xAccess: Some(x_access),
                xFullPathname: Some(x_full_pathname),
                xDlOpen: u.xDlOpen,
                xDlError: u.xDlError,
                xDlSym: u.xDlSym,
                xDlClose: u.xDlClose,
                xRandomness: u.xRandomness,
                xSleep: u.xSleep,
                xCurrentTime: u.xCurrentTime,
                xGetLastError: u.xGetLastError,
                xCurrentTimeInt64: u.xCurrentTimeInt64,
                xSetSystemCall: None,
                xGetSystemCall: None,
                xNextSystemCall: None,
            }
        };
        let vfs: &'static mut ffi::sqlite3_vfs = Box::leak(Box::new(vfs));
        // SAFETY: the object and its name are leaked, so they outlive every connection, as SQLite requires.
        let rc = unsafe { ffi::sqlite3_vfs_register(vfs, 0) };
        assert_eq!(rc, ffi::SQLITE_OK, "registering the VFS {name}");
        CrashVfs { name: name.to_string(), shared }
    }

    /// The name to open a store with (`OpenOptions::vfs`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Starts a new run with this plan: forgets every file, image and count of the last run.
    pub fn arm(&self, plan: Plan) {
        let mut state = self.shared.lock();
        let mut snapshots = plan.snapshots.clone();
        snapshots.sort_unstable_by(|a, b| b.cmp(a));
        snapshots.dedup();
        *state = State {
            epoch: state.epoch + 1,
            rng: Some(ChaCha8Rng::seed_from_u64(plan.seed)),
            snapshots,
            plan,
            ..State::default()
        };
    }

    /// Operations counted so far in this run.
    pub fn ops(&self) -> u64 {
        self.shared.lock().ops
    }

    /// The power fails now (if it has not yet): an image is built and every later operation fails.
    pub fn stop_now(&self) {
        let mut state = self.shared.lock();
        let at = state.ops;
        state.stop(at);
    }

    /// Whether the power is off.
    pub fn stopped(&self) -> bool {
        self.shared.lock().stopped
    }

    /// The images built so far in this run, in the order they were built.
    pub fn take_images(&self) -> Vec<Image> {
        std::mem::take(&mut self.shared.lock().images)
    }
}

/// Our file object. SQLite allocates `szOsFile` bytes for it and hands them to `xOpen`; `base` must be first.
#[repr(C)]
struct CrashFile {
    base: ffi::sqlite3_file,
    /// unix's file object (its `szOsFile` bytes, in words: `real_words`).
    real: *mut ffi::sqlite3_file,
    real_words: usize,
    shared: &'static Shared,
    /// The run this handle was opened in.
    epoch: u64,
    /// A file of the model (database, WAL or journal); None: a temporary file, passed through uncounted.
    path: Option<PathBuf>,
    /// The next sync also syncs the folder (unix does so once for a journal or WAL opened with CREATE).
    dir_sync: AtomicBool,
}

static METHODS: ffi::sqlite3_io_methods = ffi::sqlite3_io_methods {
    iVersion: 2,
    xClose: Some(x_close),
    xRead: Some(x_read),
    xWrite: Some(x_write),
    xTruncate: Some(x_truncate),
    xSync: Some(x_sync),
    xFileSize: Some(x_file_size),
    xLock: Some(x_lock),
    xUnlock: Some(x_unlock),
    xCheckReservedLock: Some(x_check_reserved_lock),
    xFileControl: Some(x_file_control),
    xSectorSize: Some(x_sector_size),
    xDeviceCharacteristics: Some(x_device_characteristics),
    xShmMap: Some(x_shm_map),
    xShmLock: Some(x_shm_lock),
    xShmBarrier: Some(x_shm_barrier),
    xShmUnmap: Some(x_shm_unmap),
    xFetch: None,
    xUnfetch: None,
};

const TRACKED: c_int =
    ffi::SQLITE_OPEN_MAIN_DB | ffi::SQLITE_OPEN_MAIN_JOURNAL | ffi::SQLITE_OPEN_SUPER_JOURNAL | ffi::SQLITE_OPEN_WAL;
const DIR_SYNCED: c_int = ffi::SQLITE_OPEN_MAIN_JOURNAL | ffi::SQLITE_OPEN_SUPER_JOURNAL | ffi::SQLITE_OPEN_WAL;

/// SAFETY (for every `unsafe fn` below): SQLite calls these with the pointers its VFS contract promises: `vfs`
/// is the object registered in [`CrashVfs::register`] (its `pAppData` a leaked `Shared`), `file` a
/// `CrashFile` that `x_open` initialized (SQLite never calls a method of a file whose open failed: `pMethods`
/// is null then), buffers of the sizes given; and it never calls two methods of one file at once.
unsafe fn shared<'a>(vfs: *mut ffi::sqlite3_vfs) -> &'a Shared {
    &*((*vfs).pAppData as *const Shared)
}

/// unix's method `$m` of the real file behind `$file`, called with `$args`.
macro_rules! real {
    ($file:expr, $m:ident $(, $arg:expr)*) => {{
        let real = (*($file as *mut CrashFile)).real;
        match (*(*real).pMethods).$m {
            Some(f) => f(real $(, $arg)*),
            None => ffi::SQLITE_IOERR,
        }
    }};
}

unsafe extern "C" fn x_open(
    vfs: *mut ffi::sqlite3_vfs,
    name: ffi::sqlite3_filename,
    file: *mut ffi::sqlite3_file,
    flags: c_int,
    out_flags: *mut c_int,
) -> c_int {
    let shared = shared(vfs);
    let unix = shared.unix;
    (*file).pMethods = ptr::null();
    let Some(open) = (*unix).xOpen else { return ffi::SQLITE_CANTOPEN };
    let real_words = ((*unix).szOsFile as usize).div_ceil(8);
    let real = Box::into_raw(vec![0u64; real_words].into_boxed_slice()) as *mut ffi::sqlite3_file;
    let path = (!name.is_null() && flags & TRACKED != 0)
        .then(|| CStr::from_ptr(name).to_str().ok().map(PathBuf::from))
        .flatten();
    let existed = path.as_deref().is_some_and(Path::exists);
    let rc = open(unix, name, real, flags, out_flags);
    if rc != ffi::SQLITE_OK {
        if !(*real).pMethods.is_null() {
            if let Some(close) = (*(*real).pMethods).xClose {
                close(real);
            }
        }
        free_real(real, real_words);
        return rc;
    }
    let mut state = shared.lock();
    if let Some(path) = &path {
        state.files.entry(path.clone()).or_insert_with(|| FileState {
            // A file from before the run is durable as it is.
            durable: if existed { std::fs::read(path).unwrap_or_default() } else { Vec::new() },
            pending: Vec::new(),
            linked: existed,
        });
    }
    let dir_sync = flags & ffi::SQLITE_OPEN_CREATE != 0 && flags & DIR_SYNCED != 0;
    ptr::write(
        file as *mut CrashFile,
        CrashFile {
            base: ffi::sqlite3_file { pMethods: &METHODS },
            real,
            real_words,
            shared,
            epoch: state.epoch,
            path,
            dir_sync: AtomicBool::new(dir_sync),
        },
    );
    ffi::SQLITE_OK
}

unsafe extern "C" fn x_delete(vfs: *mut ffi::sqlite3_vfs, name: *const c_char, sync_dir: c_int) -> c_int {
    let shared = shared(vfs);
    let mut state = shared.lock();
    if state.stopped {
        return ffi::SQLITE_IOERR_DELETE;
    }
    let Some(delete) = (*shared.unix).xDelete else { return ffi::SQLITE_IOERR_DELETE };
    let rc = delete(shared.unix, name, sync_dir);
    if rc == ffi::SQLITE_OK && !name.is_null() {
        // Deletions are taken as durable at once (the runs never delete a file of the model: SQLite deletes
        // the WAL only when the last connection closes). See docs/power-loss.md.
        if let Ok(path) = CStr::from_ptr(name).to_str() {
            state.files.remove(Path::new(path));
        }
    }
    rc
}

unsafe extern "C" fn x_access(vfs: *mut ffi::sqlite3_vfs, name: *const c_char, flags: c_int, out: *mut c_int) -> c_int {
    let unix = shared(vfs).unix;
    match (*unix).xAccess {
        Some(f) => f(unix, name, flags, out),
        None => ffi::SQLITE_IOERR_ACCESS,
    }
}

unsafe extern "C" fn x_full_pathname(
    vfs: *mut ffi::sqlite3_vfs,
    name: *const c_char,
    n: c_int,
    out: *mut c_char,
) -> c_int {
    let unix = shared(vfs).unix;
    match (*unix).xFullPathname {
        Some(f) => f(unix, name, n, out),
        None => ffi::SQLITE_CANTOPEN,
    }
}

/// Our file object behind `file`, and the model, locked.
unsafe fn model<'a>(file: *mut ffi::sqlite3_file) -> (&'a CrashFile, MutexGuard<'a, State>) {
    let f = &*(file as *const CrashFile);
    (f, f.shared.lock())
}

/// Counts a write, sync or truncation of a file of the model: false if it must fail (the power is off now or
/// was before, or the handle is of an earlier run). Files outside the model are passed through.
fn count(f: &CrashFile, state: &mut State) -> bool {
    if f.epoch != state.epoch {
        return false;
    }
    if f.path.is_none() {
        return true;
    }
    state.op().is_ok()
}

fn dead(f: &CrashFile, state: &State) -> bool {
    f.epoch != state.epoch || (state.stopped && f.path.is_some())
}

unsafe extern "C" fn x_close(file: *mut ffi::sqlite3_file) -> c_int {
    let f = &*(file as *const CrashFile);
    let (real, words) = (f.real, f.real_words);
    let rc = match (*real).pMethods.is_null() {
        true => ffi::SQLITE_OK,
        false => real!(file, xClose),
    };
    free_real(real, words);
    rc
}

/// Frees unix's file object, allocated in `x_open` as `words` zeroed words.
unsafe fn free_real(real: *mut ffi::sqlite3_file, words: usize) {
    drop(Box::from_raw(ptr::slice_from_raw_parts_mut(real as *mut u64, words)));
}

unsafe extern "C" fn x_read(file: *mut ffi::sqlite3_file, buf: *mut c_void, n: c_int, offset: i64) -> c_int {
    let (f, state) = model(file);
    if dead(f, &state) {
        return ffi::SQLITE_IOERR_READ;
    }
    drop(state);
    real!(file, xRead, buf, n, offset)
}

unsafe extern "C" fn x_write(file: *mut ffi::sqlite3_file, buf: *const c_void, n: c_int, offset: i64) -> c_int {
    let (f, mut state) = model(file);
    if !count(f, &mut state) {
        return ffi::SQLITE_IOERR_WRITE;
    }
    // Under the lock: the model's order of changes is the real file's.
    let rc = real!(file, xWrite, buf, n, offset);
    if let (ffi::SQLITE_OK, Some(path)) = (rc, &f.path) {
        let data = std::slice::from_raw_parts(buf as *const u8, n as usize).to_vec();
        if let Some(fs) = state.files.get_mut(path) {
            fs.pending.push(Change::Write { offset: offset as u64, data });
        }
    }
    rc
}

unsafe extern "C" fn x_truncate(file: *mut ffi::sqlite3_file, size: i64) -> c_int {
    let (f, mut state) = model(file);
    if !count(f, &mut state) {
        return ffi::SQLITE_IOERR_TRUNCATE;
    }
    let rc = real!(file, xTruncate, size);
    if let (ffi::SQLITE_OK, Some(path)) = (rc, &f.path) {
        if let Some(fs) = state.files.get_mut(path) {
            fs.pending.push(Change::Truncate(size as u64));
        }
    }
    rc
}

/// The model's sync: the file's changes become durable, and on the first sync of a journal or WAL opened with
/// CREATE so does every directory entry in its folder (what unix's `xSync` does with `UNIXFILE_DIRSYNC`).
/// The real file is not synced: the model, not the disk, decides what survives.
unsafe extern "C" fn x_sync(file: *mut ffi::sqlite3_file, _flags: c_int) -> c_int {
    let (f, mut state) = model(file);
    if !count(f, &mut state) {
        return ffi::SQLITE_IOERR_FSYNC;
    }
    let Some(path) = &f.path else { return ffi::SQLITE_OK };
    if f.dir_sync.swap(false, Ordering::Relaxed) {
        let dir = path.parent().map(Path::to_path_buf);
        let in_dir: HashSet<PathBuf> =
            state.files.keys().filter(|p| p.parent().map(Path::to_path_buf) == dir).cloned().collect();
        for p in in_dir {
            if let Some(fs) = state.files.get_mut(&p) {
                fs.linked = true;
            }
        }
    }
    if let Some(fs) = state.files.get_mut(path) {
        for change in std::mem::take(&mut fs.pending) {
            change.apply(&mut fs.durable);
        }
    }
    ffi::SQLITE_OK
}

unsafe extern "C" fn x_file_size(file: *mut ffi::sqlite3_file, size: *mut i64) -> c_int {
    real!(file, xFileSize, size)
}

unsafe extern "C" fn x_lock(file: *mut ffi::sqlite3_file, level: c_int) -> c_int {
    real!(file, xLock, level)
}

unsafe extern "C" fn x_unlock(file: *mut ffi::sqlite3_file, level: c_int) -> c_int {
    real!(file, xUnlock, level)
}

unsafe extern "C" fn x_check_reserved_lock(file: *mut ffi::sqlite3_file, out: *mut c_int) -> c_int {
    real!(file, xCheckReservedLock, out)
}

unsafe extern "C" fn x_file_control(file: *mut ffi::sqlite3_file, op: c_int, arg: *mut c_void) -> c_int {
    real!(file, xFileControl, op, arg)
}

unsafe extern "C" fn x_sector_size(file: *mut ffi::sqlite3_file) -> c_int {
    let real = (*(file as *mut CrashFile)).real;
    (*(*real).pMethods).xSectorSize.map_or(SECTOR as c_int, |f| f(real))
}

unsafe extern "C" fn x_device_characteristics(file: *mut ffi::sqlite3_file) -> c_int {
    let real = (*(file as *mut CrashFile)).real;
    (*(*real).pMethods).xDeviceCharacteristics.map_or(0, |f| f(real))
}

unsafe extern "C" fn x_shm_map(
    file: *mut ffi::sqlite3_file,
    page: c_int,
    size: c_int,
    extend: c_int,
    out: *mut *mut c_void,
) -> c_int {
    real!(file, xShmMap, page, size, extend, out)
}

unsafe extern "C" fn x_shm_lock(file: *mut ffi::sqlite3_file, offset: c_int, n: c_int, flags: c_int) -> c_int {
    real!(file, xShmLock, offset, n, flags)
}

unsafe extern "C" fn x_shm_barrier(file: *mut ffi::sqlite3_file) {
    let real = (*(file as *mut CrashFile)).real;
    if let Some(f) = (*(*real).pMethods).xShmBarrier {
        f(real)
    }
}

unsafe extern "C" fn x_shm_unmap(file: *mut ffi::sqlite3_file, delete: c_int) -> c_int {
    real!(file, xShmUnmap, delete)
}
