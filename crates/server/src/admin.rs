//! The accounts page: every GM sees the accounts; an admin creates them (a name, a first
//! password, whether the account is an admin too).

use axum::Router;
use axum::extract::{Form, State};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use maud::html;
use serde::Deserialize;

use crate::gm::{Gm, csrf_field, gm_nav};
use crate::pages::layout;
use crate::{AppError, AppState};

pub(crate) fn routes() -> Router<AppState> {
    Router::new().route("/gm/accounts", get(accounts).post(create_account))
}

/// Whether the GM is an admin.
async fn is_admin(state: &AppState, gm: &Gm) -> Result<bool, AppError> {
    let user = gm.0.user.clone();
    Ok(state
        .blocking(move |s| s.account(&user))
        .await?
        .is_some_and(|a| a.admin))
}

async fn accounts(State(state): State<AppState>, gm: Gm) -> Result<Html<String>, AppError> {
    let admin = is_admin(&state, &gm).await?;
    let accounts = state.blocking(|s| s.accounts()).await?;
    Ok(layout(
        "GM accounts",
        html! {
            (gm_nav(&gm))
            h1 { "GM accounts" }
            ul {
                @for a in &accounts {
                    li { (a.name) @if a.admin { " (admin)" } }
                }
            }
            @if admin {
                h2 { "Create an account" }
                form method="post" action="/gm/accounts" {
                    (csrf_field(&gm.0.csrf))
                    p { label { "Name " input name="name" autocomplete="off" required; } }
                    p { label { "Password " input type="password" name="password" autocomplete="new-password" minlength="8" required; } }
                    p { label { input type="checkbox" name="admin" value="1"; " Admin (creates accounts, may change every game)" } }
                    button { "Create account" }
                }
            } @else {
                p.muted { "An admin creates accounts." }
            }
        },
    ))
}

#[derive(Debug, Deserialize)]
struct AccountForm {
    csrf: String,
    name: String,
    password: String,
    #[serde(default)]
    admin: Option<String>,
}

async fn create_account(
    State(state): State<AppState>,
    gm: Gm,
    Form(form): Form<AccountForm>,
) -> Result<Response, AppError> {
    gm.check(&form.csrf)?;
    if !is_admin(&state, &gm).await? {
        return Err(AppError::NotAllowed(
            "only an admin creates accounts".into(),
        ));
    }
    let name = form.name.trim().to_owned();
    if name.is_empty() || name.len() > 60 {
        return Err(AppError::BadRequest(
            "an account name has 1 to 60 characters".into(),
        ));
    }
    if form.password.chars().count() < 8 {
        return Err(AppError::BadRequest(
            "a password has at least 8 characters".into(),
        ));
    }
    let admin = form.admin.is_some();
    state
        .blocking(move |s| s.add_account(&name, &form.password, admin))
        .await
        .map_err(|e| match e {
            AppError::Store(mafia_store::StoreError::UserExists(n)) => {
                AppError::BadRequest(format!("an account `{n}` already exists"))
            }
            other => other,
        })?;
    Ok(Redirect::to("/gm/accounts").into_response())
}
