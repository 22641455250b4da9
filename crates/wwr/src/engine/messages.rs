//! Information abilities: `Reveal`, `Announce`, `Learn`/`Know`, `Emit`, `Display` and
//! `Update Display`, and sending a message to a selector.

use mafia_roles::ability::Value;

use crate::eval::Ctx;
use crate::game::{Ev, Game};
use crate::library::norm;
use crate::state::*;

impl Game {
    pub(crate) fn send(&mut self, to: &Val, text: String) {
        match to {
            Val::Players(ps) => {
                for &p in ps {
                    self.say(Audience::Player(p), text.clone());
                }
            }
            Val::Group(g) => {
                let aud = if matches!(g.as_str(), "story time" | "town square") {
                    Audience::Public
                } else {
                    Audience::Channel(g.clone())
                };
                self.say(aud, text)
            }
            Val::Nothing => self.host_log(text),
            other => {
                let c = norm(&self.text_of(other));
                self.say(Audience::Channel(c), text)
            }
        }
    }

    pub(crate) fn run_reveal(&mut self, what: &Value, to: &Value, ctx: &mut Ctx) -> Option<String> {
        let text = self.text(what, ctx);
        let to = self.eval(to, ctx);
        self.send(&to, text);
        None
    }

    pub(crate) fn run_announce(&mut self, info: &Value, ctx: &mut Ctx) -> Option<String> {
        let text = self.text(info, ctx);
        self.say(Audience::Public, text);
        None
    }

    pub(crate) fn run_learn(&mut self, info: &Value, ctx: &mut Ctx) -> Option<String> {
        let text = self.text(info, ctx);
        match (&ctx.source, ctx.me) {
            (Source::Group(g), _) => {
                let g = g.clone();
                self.say(Audience::Channel(g), text)
            }
            (_, Some(p)) => self.say(Audience::Player(p), text),
            _ => self.host_log(text),
        }
        None
    }

    pub(crate) fn run_emit(
        &mut self,
        value: &Value,
        target: &Option<Value>,
        ctx: &mut Ctx,
    ) -> Option<String> {
        let value = self.text(value, ctx);
        let targets = match target {
            Some(t) => self.eval(t, ctx).players(),
            None => ctx.me.into_iter().collect(),
        };
        let base = ctx.clone();
        self.fire(Ev::Emitted { value, targets }, &base);
        None
    }

    pub(crate) fn run_display(
        &mut self,
        name: &Value,
        values: &[mafia_roles::ability::CompactString],
        ctx: &mut Ctx,
    ) -> Option<String> {
        let name = self.text(name, ctx);
        let values: Vec<String> = values.iter().map(|v| v.trim().to_string()).collect();
        let player = ctx.me;
        self.state
            .displays
            .retain(|d| !(d.player == player && d.name == name));
        self.state.displays.push(Display {
            player,
            name: name.clone(),
            values: values.clone(),
        });
        if let Some(p) = player {
            self.say(
                Audience::Player(p),
                format!("[{name}] {}", values.join(", ")),
            );
        }
        None
    }

    pub(crate) fn run_update_display(
        &mut self,
        name: &Value,
        index: &Value,
        value: &Value,
        ctx: &mut Ctx,
    ) -> Option<String> {
        let name = self.text(name, ctx);
        let idx = {
            let v = self.eval(index, ctx);
            (self.num_of(&v).max(1) - 1) as usize
        };
        let value = self.text(value, ctx);
        let player = ctx.me;
        if let Some(d) = self
            .state
            .displays
            .iter_mut()
            .find(|d| d.player == player && norm(&d.name) == norm(&name))
        {
            if d.values.len() <= idx {
                d.values.resize(idx + 1, String::new());
            }
            d.values[idx] = value;
        }
        None
    }
}
