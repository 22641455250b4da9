//! `~DelayedPhase` (guide, Duration Types: "Starts at the start of the phase and lasts
//! until the end of that phase"): an attribute applied with it waits, inert, in
//! `GameState::delayed` until the next phase starts; then it is applied for that phase
//! (`~Phase`) and its `Starting` abilities run.

use crate::game::Game;
use crate::state::Dur;

impl Game {
    /// Moves the attributes just applied `(~DelayedPhase)` out of play until the next phase.
    pub(super) fn park_delayed(&mut self) {
        if !self
            .state
            .attrs
            .iter()
            .any(|a| a.duration == Dur::DelayedPhase)
        {
            return;
        }
        let (waiting, live) = std::mem::take(&mut self.state.attrs)
            .into_iter()
            .partition(|a| a.duration == Dur::DelayedPhase);
        self.state.attrs = live;
        self.state.delayed.extend::<Vec<_>>(waiting);
    }

    /// At the start of a phase: the waiting attributes take effect for this phase.
    pub(super) fn activate_delayed(&mut self) {
        let phase = self.state.phase;
        let waiting = std::mem::take(&mut self.state.delayed);
        for mut a in waiting {
            a.duration = Dur::Phase;
            a.set_in = phase;
            let id = a.id;
            let name = crate::eval::attr_name(&a.kind);
            self.state.attrs.push(a);
            self.host_log(format!(
                "the delayed attribute {name} takes effect for {phase}"
            ));
            self.run_attr_starting(id);
        }
    }
}
