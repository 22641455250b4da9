//! Channel ability types: `Whisper`, `Conversation Reset`, `Lock`/`Unlock`, `Transfer`
//! (extra roles keep their channel), and the two text helpers of real files, `Execute` and
//! `Format`. Channels themselves are in `channels.rs`.

use mafia_roles::ability::Value;

use crate::eval::Ctx;
use crate::game::Game;
use crate::library::norm;
use crate::state::*;

impl Game {
    /// `Whisper [from <Location>] to <Location> [as <Disguise>] (<Duration>)`.
    pub(crate) fn run_whisper(
        &mut self,
        from: &Option<Value>,
        to: &Value,
        disguise: &Option<Value>,
        duration: &Option<mafia_roles::ability::Duration>,
        ctx: &Ctx,
    ) -> Option<String> {
        let src = match from {
            Some(f) => self.chan_of(f, ctx),
            None => self.own_chan(ctx),
        };
        let (Some(src), Some(dst)) = (src, self.chan_of(to, ctx)) else {
            return Some("Failure".into());
        };
        let name = match disguise {
            Some(d) => self.text(d, ctx),
            None => self.chan_title(&src).trim_start_matches('#').to_string(),
        };
        let holder = match ctx.me {
            Some(p) => Holder::Player(p),
            None => match &ctx.source {
                Source::Group(g) => Holder::Group(g.clone()),
                _ => return Some("Failure".into()),
            },
        };
        let (st, dt) = (self.chan_title(&src), self.chan_title(&dst));
        self.new_attr(
            holder,
            AttrKind::Whisper {
                name: name.clone(),
                from: src,
                to: dst,
            },
            ctx.me,
            Self::duration(duration, Dur::Permanent),
            ctx.attr,
        );
        self.host_log(format!(
            "whispering connection {st} → {dt} as {name} opened"
        ));
        Some("Success".into())
    }

    /// `Conversation Reset [<Target>]`: empties a channel (by default the current group's
    /// or extra role's).
    pub(crate) fn run_reset(&mut self, target: &Option<Value>, ctx: &Ctx) -> Option<String> {
        let c = match target {
            Some(t) => self.chan_of(t, ctx),
            None => self.own_chan(ctx),
        };
        let Some(c) = c else {
            return Some("Failure".into());
        };
        let before = self.state.channels.messages.len();
        self.state.channels.messages.retain(|m| m.channel != c);
        if let ChanRef::Named(n) = &c {
            let at = self.state.log.len();
            self.state.channels.reset_at.insert(n.clone(), at);
        }
        let removed = before - self.state.channels.messages.len();
        let title = self.chan_title(&c);
        self.host_log(format!(
            "Conversation Reset: {title} ({removed} message(s) removed)"
        ));
        Some("Success".into())
    }

    /// `Lock <Location>` / `Unlock <Location>`: members cannot write in a locked channel
    /// (whispering connections into it still work).
    pub(crate) fn run_lock(&mut self, location: &Value, unlock: bool, ctx: &Ctx) -> Option<String> {
        let Some(ChanRef::Named(n)) = self.chan_of(location, ctx) else {
            return Some("Failure".into());
        };
        let title = self.chan_title(&ChanRef::Named(n.clone()));
        let locked = &mut self.state.channels.locked;
        if unlock {
            locked.retain(|l| *l != n);
        } else if !locked.contains(&n) {
            locked.push(n);
            locked.sort();
        }
        self.host_log(format!(
            "{title} {}",
            if unlock { "unlocked" } else { "locked" }
        ));
        Some("Success".into())
    }

    /// `Transfer <ExtraRole> from <Target> to <Target>`: the same extra role instance (its
    /// values, counter, attributes and channel) moves to the first living new holder.
    pub(crate) fn run_transfer(
        &mut self,
        role: &Value,
        from: &Value,
        to: &Value,
        ctx: &Ctx,
    ) -> Option<String> {
        let olds = self.eval(from, ctx).players();
        let ids: Vec<u64> = match self.eval(role, ctx) {
            Val::Attr(id) => vec![id],
            other => {
                let r = norm(&self.text_of(&other));
                self.state
                    .attrs
                    .iter()
                    .filter(|a| {
                        matches!(a.holder, Holder::Player(q) if olds.contains(&q))
                            && matches!(&a.kind, AttrKind::Role { role } if norm(role) == r)
                    })
                    .map(|a| a.id)
                    .collect()
            }
        };
        let new = self
            .eval(to, ctx)
            .players()
            .into_iter()
            .find(|&q| self.state.players[q].alive);
        let Some(new) = new else {
            return Some("Failure".into());
        };
        let mut moved = false;
        for id in ids {
            let Some(a) = self.attr(id).cloned() else {
                continue;
            };
            let (AttrKind::Role { role }, Holder::Player(old)) = (&a.kind, &a.holder) else {
                continue;
            };
            if !olds.contains(old) || *old == new {
                continue;
            }
            if let Some(m) = self.attr_mut(id) {
                m.holder = Holder::Player(new);
            }
            moved = true;
            let (o, n) = (self.name(*old), self.name(new));
            self.say(Audience::Player(*old), format!("You are no longer {role}."));
            self.say(Audience::Player(new), format!("You are now also {role}."));
            self.host_log(format!("{role} transferred from {o} to {n}"));
        }
        Some(if moved { "Success" } else { "Failure" }.into())
    }

    /// `Execute <Name> to <Location>` (real files: `_game/polls/setup` posts the bot's lists):
    /// `ListRoles` posts the setup's role list, `ListSubstitutes` the substitutes (none are
    /// modelled); anything else is noted in the host log.
    pub(crate) fn run_execute(
        &mut self,
        name: &Value,
        location: &Value,
        ctx: &Ctx,
    ) -> Option<String> {
        let what = self.text(name, ctx);
        let Some(c) = self.chan_of(location, ctx) else {
            return Some("Failure".into());
        };
        let text = match norm(&what).as_str() {
            "listroles" => {
                let mut roles: Vec<String> = self
                    .state
                    .players
                    .iter()
                    .map(|p| p.original_role.clone())
                    .collect();
                roles.sort();
                format!("Roles in this game: {}", roles.join(", "))
            }
            "listsubstitutes" => "Substitutes: none".to_string(),
            _ => {
                self.host_log(format!("Execute `{what}`: not a known command"));
                return Some("Failure".into());
            }
        };
        let aud = match &c {
            ChanRef::Player(p) => Audience::Player(*p),
            ChanRef::Named(n) => Audience::Channel(n.clone()),
        };
        self.say(aud, text);
        Some("Success".into())
    }

    /// `Format <Target> as <Template> [split by <Sep> as <Type>]` (real files): each item of
    /// the target (players by name, or a text split at `Sep`) put into the template at `$`,
    /// concatenated; `\n` in the template is a line break. The result is the feedback.
    pub(crate) fn run_format(
        &mut self,
        target: &Value,
        template: &Value,
        split: &Option<(Value, Value)>,
        ctx: &Ctx,
    ) -> Option<String> {
        let v = self.eval(target, ctx);
        let template = self.text(template, ctx).replace("\\n", "\n");
        let items: Vec<String> = match (&v, split) {
            (Val::Players(ps), _) => ps.iter().map(|&p| self.name(p)).collect(),
            (other, Some((sep, _))) => {
                let sep = self.text(sep, ctx);
                let t = self.text_of(other);
                if sep.is_empty() {
                    vec![t]
                } else {
                    t.split(sep.as_str())
                        .map(|s| s.trim().to_string())
                        .collect()
                }
            }
            (other, None) => vec![self.text_of(other)],
        };
        let mut out = String::new();
        for it in items.iter().filter(|s| !s.is_empty()) {
            out.push_str(&template.replace('$', it));
        }
        Some(out)
    }
}
