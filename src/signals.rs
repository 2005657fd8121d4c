//! The stop signals every long-running subcommand watches: SIGTERM (systemd, Docker) and SIGINT (Ctrl-C).
//! `run` stops serving on the first (docs/process.md); `simulate` and `loadtest` stop playing, close their
//! tables and report what ran.

use std::future::Future;

/// The first stop signal, as a future whose handlers are already registered.
pub fn first_stop() -> impl Future<Output = &'static str> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut term = signal(SignalKind::terminate()).map_err(|e| tracing::warn!(error = %e, "cannot watch SIGTERM"));
        let mut int = signal(SignalKind::interrupt()).map_err(|e| tracing::warn!(error = %e, "cannot watch Ctrl-C"));
        async move {
            let term = async {
                match &mut term {
                    Ok(s) => _ = s.recv().await,
                    Err(()) => std::future::pending().await,
                }
            };
            let int = async {
                match &mut int {
                    Ok(s) => _ = s.recv().await,
                    Err(()) => std::future::pending().await,
                }
            };
            tokio::select! {
                () = term => "SIGTERM",
                () = int => "Ctrl-C",
            }
        }
    }
    #[cfg(not(unix))]
    async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::warn!(error = %e, "cannot watch Ctrl-C");
            std::future::pending::<()>().await;
        }
        "Ctrl-C"
    }
}
