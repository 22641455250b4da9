//! The two database engines behind one small interface: a transaction that executes SQL with
//! positional parameters and returns rows of integers and texts.
//!
//! SQL is written once in PostgreSQL's placeholder style (`$1`, `$2`…); for SQLite the `$`
//! becomes `?` (`?1`, `?2`…, which SQLite numbers the same way). The queries only use
//! what both engines share (`INSERT … ON CONFLICT`, `RETURNING`).

use std::sync::{Mutex, MutexGuard};

use crate::StoreError;

/// A value bound to or read from a query: every column is an integer or a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Value {
    Int(Option<i64>),
    Text(Option<String>),
}

impl Value {
    pub(crate) fn int(self) -> Option<i64> {
        match self {
            Value::Int(i) => i,
            Value::Text(t) => t.and_then(|t| t.parse().ok()),
        }
    }

    pub(crate) fn text(self) -> Option<String> {
        match self {
            Value::Text(t) => t,
            Value::Int(i) => i.map(|i| i.to_string()),
        }
    }
}

impl From<i64> for Value {
    fn from(v: i64) -> Value {
        Value::Int(Some(v))
    }
}

impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::Text(Some(v.to_owned()))
    }
}

impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::Text(Some(v))
    }
}

impl From<Option<String>> for Value {
    fn from(v: Option<String>) -> Value {
        Value::Text(v)
    }
}

impl From<Option<i64>> for Value {
    fn from(v: Option<i64>) -> Value {
        Value::Int(v)
    }
}

pub(crate) type Row = Vec<Value>;

/// One open transaction.
pub(crate) trait Tx {
    fn exec(&mut self, sql: &str, params: &[Value]) -> Result<u64, StoreError>;
    fn query(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Row>, StoreError>;
    /// Several statements without parameters (migrations).
    fn batch(&mut self, sql: &str) -> Result<(), StoreError>;
}

/// An engine: runs a closure inside one transaction, committed only when it returns `Ok`.
/// Shared by every thread of the process: SQLite behind one lock (its single writer),
/// PostgreSQL through a pool of connections (as many transactions at once as connections).
pub(crate) trait Backend: Send + Sync {
    fn transaction(
        &self,
        f: &mut dyn FnMut(&mut dyn Tx) -> Result<(), StoreError>,
    ) -> Result<(), StoreError>;
    /// Runs `f` for one read (a single statement, so no transaction is needed around it):
    /// on PostgreSQL without `BEGIN` and `COMMIT`, two round trips fewer.
    fn read(
        &self,
        f: &mut dyn FnMut(&mut dyn Tx) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        self.transaction(f)
    }
    /// The engine's name as the migrations know it.
    fn kind(&self) -> Engine;
    /// Checks the database file or server for corruption.
    fn integrity_check(&self) -> Result<(), StoreError>;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

// --- SQLite ------------------------------------------------------------------------------

/// One connection behind a lock: one transaction at a time (SQLite has one writer).
pub(crate) struct Sqlite {
    conn: Mutex<rusqlite::Connection>,
}

impl Sqlite {
    pub(crate) fn open(path: &std::path::Path) -> Result<Sqlite, StoreError> {
        let conn = rusqlite::Connection::open(path).map_err(|e| StoreError::Open {
            target: path.display().to_string(),
            message: e.to_string(),
        })?;
        // WAL: readers never block the writer; a commit is durable against a killed process.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(10))?;
        Ok(Sqlite {
            conn: Mutex::new(conn),
        })
    }

    fn lock(&self) -> MutexGuard<'_, rusqlite::Connection> {
        // A panic while holding the lock cannot leave a transaction half done (it rolls
        // back when dropped), so the connection stays usable.
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }
}

fn sqlite_sql(sql: &str) -> String {
    sql.replace('$', "?")
}

impl rusqlite::ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, Value as V};
        Ok(match self {
            Value::Int(Some(i)) => ToSqlOutput::Owned(V::Integer(*i)),
            Value::Text(Some(t)) => {
                ToSqlOutput::Borrowed(rusqlite::types::ValueRef::Text(t.as_bytes()))
            }
            Value::Int(None) | Value::Text(None) => ToSqlOutput::Owned(V::Null),
        })
    }
}

struct SqliteTx<'a>(&'a rusqlite::Transaction<'a>);

impl Tx for SqliteTx<'_> {
    fn exec(&mut self, sql: &str, params: &[Value]) -> Result<u64, StoreError> {
        let n = self
            .0
            .execute(&sqlite_sql(sql), rusqlite::params_from_iter(params.iter()))?;
        Ok(n as u64)
    }

    fn query(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Row>, StoreError> {
        let mut stmt = self.0.prepare_cached(&sqlite_sql(sql))?;
        let columns = stmt.column_count();
        let rows = stmt.query_map(rusqlite::params_from_iter(params.iter()), |row| {
            let mut out = Vec::with_capacity(columns);
            for i in 0..columns {
                use rusqlite::types::ValueRef;
                out.push(match row.get_ref(i)? {
                    ValueRef::Null => Value::Text(None),
                    ValueRef::Integer(n) => Value::Int(Some(n)),
                    ValueRef::Real(r) => Value::Text(Some(r.to_string())),
                    ValueRef::Text(t) | ValueRef::Blob(t) => {
                        Value::Text(Some(String::from_utf8_lossy(t).into_owned()))
                    }
                });
            }
            Ok(out)
        })?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    fn batch(&mut self, sql: &str) -> Result<(), StoreError> {
        Ok(self.0.execute_batch(sql)?)
    }
}

impl Backend for Sqlite {
    fn transaction(
        &self,
        f: &mut dyn FnMut(&mut dyn Tx) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        f(&mut SqliteTx(&tx))?;
        tx.commit()?;
        Ok(())
    }

    fn kind(&self) -> Engine {
        Engine::Sqlite
    }

    fn integrity_check(&self) -> Result<(), StoreError> {
        let verdict: String = self
            .lock()
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))?;
        if verdict == "ok" {
            Ok(())
        } else {
            Err(StoreError::Corrupt(verdict))
        }
    }
}

// --- PostgreSQL --------------------------------------------------------------------------

/// How many connections one process keeps to PostgreSQL at most (each request or poll holds
/// one for one transaction; the others wait for a free one).
pub const POSTGRES_POOL_SIZE: u32 = 16;

type PgManager = r2d2_postgres::PostgresConnectionManager<postgres::NoTls>;

/// A pool of connections: transactions of different threads run at once, each on its own
/// connection (no lock of the process around the database; PostgreSQL orders them).
pub(crate) struct Postgres {
    pool: r2d2::Pool<PgManager>,
}

impl Postgres {
    pub(crate) fn connect(url: &str) -> Result<Postgres, StoreError> {
        let open_error = |message: String| StoreError::Open {
            target: redact(url),
            message,
        };
        let config: postgres::Config = url
            .parse()
            .map_err(|e: postgres::Error| open_error(e.to_string()))?;
        // One connection first, so that a wrong address or password is told at once (the
        // pool would keep retrying in the background until its timeout).
        config
            .connect(postgres::NoTls)
            .map_err(|e| open_error(e.to_string()))?;
        let pool = r2d2::Pool::builder()
            .max_size(POSTGRES_POOL_SIZE)
            .min_idle(Some(1))
            // A connection is checked by its use: a broken one fails that transaction and
            // is then dropped from the pool (`is_closed`), not tested before each use.
            .test_on_check_out(false)
            .connection_timeout(std::time::Duration::from_secs(30))
            .build_unchecked(PgManager::new(config, postgres::NoTls));
        Ok(Postgres { pool })
    }
}

/// A connection URL without its password, for messages.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s + 3 => {
            let userinfo = &url[s + 3..at];
            let user = userinfo.split(':').next().unwrap_or("");
            format!("{}{}@{}", &url[..s + 3], user, &url[at + 1..])
        }
        _ => url.to_owned(),
    }
}

struct PgTx<'a, 'b>(&'a mut postgres::Transaction<'b>);

/// A connection used outside a transaction (each statement is its own).
struct PgRead<'a>(&'a mut postgres::Client);

fn pg_params(params: &[Value]) -> Vec<&(dyn postgres::types::ToSql + Sync)> {
    params
        .iter()
        .map(|v| match v {
            Value::Int(i) => i as &(dyn postgres::types::ToSql + Sync),
            Value::Text(t) => t as &(dyn postgres::types::ToSql + Sync),
        })
        .collect()
}

impl Tx for PgTx<'_, '_> {
    fn exec(&mut self, sql: &str, params: &[Value]) -> Result<u64, StoreError> {
        Ok(self.0.execute(sql, &pg_params(params))?)
    }

    fn query(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Row>, StoreError> {
        pg_rows(self.0.query(sql, &pg_params(params))?)
    }

    fn batch(&mut self, sql: &str) -> Result<(), StoreError> {
        Ok(self.0.batch_execute(sql)?)
    }
}

impl Tx for PgRead<'_> {
    fn exec(&mut self, sql: &str, params: &[Value]) -> Result<u64, StoreError> {
        Ok(self.0.execute(sql, &pg_params(params))?)
    }

    fn query(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Row>, StoreError> {
        pg_rows(self.0.query(sql, &pg_params(params))?)
    }

    fn batch(&mut self, sql: &str) -> Result<(), StoreError> {
        Ok(self.0.batch_execute(sql)?)
    }
}

/// PostgreSQL rows as integers and texts.
fn pg_rows(rows: Vec<postgres::Row>) -> Result<Vec<Row>, StoreError> {
    use postgres::types::Type;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let mut values = Vec::with_capacity(row.len());
        for (i, col) in row.columns().iter().enumerate() {
            let ty = col.type_();
            values.push(if *ty == Type::INT8 {
                Value::Int(row.try_get::<_, Option<i64>>(i)?)
            } else if *ty == Type::INT4 {
                Value::Int(row.try_get::<_, Option<i32>>(i)?.map(i64::from))
            } else if *ty == Type::INT2 {
                Value::Int(row.try_get::<_, Option<i16>>(i)?.map(i64::from))
            } else {
                Value::Text(row.try_get::<_, Option<String>>(i)?)
            });
        }
        out.push(values);
    }
    Ok(out)
}

impl Backend for Postgres {
    fn transaction(
        &self,
        f: &mut dyn FnMut(&mut dyn Tx) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let mut client = self.pool.get()?;
        let mut tx = client.transaction()?;
        f(&mut PgTx(&mut tx))?;
        tx.commit()?;
        Ok(())
    }

    fn read(
        &self,
        f: &mut dyn FnMut(&mut dyn Tx) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let mut client = self.pool.get()?;
        f(&mut PgRead(&mut client))
    }

    fn kind(&self) -> Engine {
        Engine::Postgres
    }

    fn integrity_check(&self) -> Result<(), StoreError> {
        // PostgreSQL keeps its own consistency (WAL, crash recovery); a query answering is
        // the check.
        self.pool.get()?.simple_query("SELECT 1")?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_never_appears_in_a_connection_message() {
        assert_eq!(
            redact("postgres://gm:hunter2@db.example:5432/mafia"),
            "postgres://gm@db.example:5432/mafia"
        );
        assert_eq!(redact("postgres://db/mafia"), "postgres://db/mafia");
    }
}
