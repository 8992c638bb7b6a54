//! The JSON API's routes (`/api`, `/api/{name}`): the values of `serve::api`, with the
//! version they were read at.

use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::Utc;

use super::App;
use crate::serve::api;

/// The routes this event answers: every name, but `schedule` only where the event has one
/// (a round robin; a Swiss event's schedule is refused as in `export`).
pub(super) async fn api_index(State(app): State<App>) -> Response {
    let snap = app.feed.current();
    let has_schedule = crate::export::json_value(
        &snap.tournament,
        crate::export::What::Schedule,
        None,
        Utc::now(),
    )
    .is_ok();
    let routes: Vec<String> = api::NAMES
        .iter()
        .filter(|n| **n != "schedule" || has_schedule)
        .map(|n| format!("/api/{n}"))
        .collect();
    let v = serde_json::json!({
        "routes": routes,
        "events": "/events",
    });
    json(StatusCode::OK, &v)
}

pub(super) async fn api_route(State(app): State<App>, Path(name): Path<String>) -> Response {
    let Some(what) = api::what(&name) else {
        return json(
            StatusCode::NOT_FOUND,
            &serde_json::json!({"error": "no such route", "routes": api::NAMES}),
        );
    };
    let snap = app.feed.current();
    match api::value(&snap.tournament, what, Utc::now()) {
        Ok(v) => {
            let mut r = json(StatusCode::OK, &v);
            if let Ok(h) = HeaderValue::from_str(&snap.version.to_string()) {
                r.headers_mut().insert("x-bianpai-version", h);
            }
            r
        }
        Err(e) => json(StatusCode::NOT_FOUND, &serde_json::json!({"error": e})),
    }
}

pub(super) fn json(status: StatusCode, v: &serde_json::Value) -> Response {
    let body = serde_json::to_string(v).unwrap_or_else(|_| "null".into());
    (
        status,
        [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
        body,
    )
        .into_response()
}
