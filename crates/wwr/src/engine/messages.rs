//! Information abilities: reveal, announce, learn, emit, displays and feedback.

use crate::library::norm;
use crate::state::*;

use super::game::Game;

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
}
