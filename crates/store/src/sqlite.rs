//! What only a SQLite file needs: the lock file that keeps a second
//! server off it.

use std::io::Write;

/// Take the lock file beside a SQLite database (`FILE.lock`), held until
/// the store is closed or the process ends (even by `kill -9`: the kernel
/// drops the lock with the process). A second server on the same file is
/// refused with a message naming the process that holds it.
pub(crate) fn lock_file(url: &str) -> Result<std::fs::File, sqlx::Error> {
    let path = url
        .trim_start_matches("sqlite://")
        .trim_start_matches("sqlite:");
    let path = path.split('?').next().unwrap_or(path);
    let lock_path = format!("{path}.lock");
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(&lock_path)
        .map_err(|e| sqlx::Error::Configuration(format!("opening {lock_path}: {e}").into()))?;
    // A server of this same process that was just stopped may still be
    // letting go: a moment's patience before refusing.
    let deadline = std::time::Instant::now() + std::time::Duration::from_millis(1500);
    loop {
        match fs4::FileExt::try_lock(&file) {
            Ok(()) => break,
            Err(fs4::TryLockError::WouldBlock) if std::time::Instant::now() < deadline => {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            Err(fs4::TryLockError::WouldBlock) => {
                let holder = std::fs::read_to_string(&lock_path).unwrap_or_default();
                let holder = holder.trim();
                return Err(sqlx::Error::Configuration(
                        format!(
                            "the SQLite database {path} is already in use by another `domino serve`{}: \
                             a SQLite file has one server (stop the other, or give several nodes one \
                             PostgreSQL database with --db postgres://...)",
                            if holder.is_empty() {
                                String::new()
                            } else {
                                format!(" (process {holder})")
                            }
                        )
                        .into(),
                    ));
            }
            Err(fs4::TryLockError::Error(e)) => {
                return Err(sqlx::Error::Configuration(
                    format!("locking {lock_path}: {e}").into(),
                ))
            }
        }
    }
    // Whoever is refused learns which process holds the file.
    let _ = file.set_len(0);
    let _ = writeln!(file, "{}", std::process::id());
    Ok(file)
}
