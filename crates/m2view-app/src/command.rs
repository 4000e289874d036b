//! What the UI asks of the viewer beyond editing its state (rerun's
//! `SystemCommand` pattern): panels and shortcuts [`AppState::send`] a
//! [`Command`]; after the UI ran, the window applies the queue in one place
//! (`SceneView::apply` for what touches the GPU, the window for
//! screenshots). No one-shot flags in the UI state.

use std::path::PathBuf;

use glam::Vec3;

use super::state::AppState;

/// One request from the UI.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Frame the model looking from this direction (target → eye).
    Frame(Vec3),
    /// Write a PNG of the 3D view to this path after this frame.
    Screenshot(PathBuf),
    /// Load this image into texture slot `slot` (a replaceable texture).
    ReplaceTexture {
        /// Texture index.
        slot: usize,
        /// BLP or PNG file.
        path: PathBuf,
    },
    /// The team colour changed: rebuild the team colour and glow textures.
    RebuildTeamTextures,
    /// Another skin was applied: upload its textures.
    UploadSkin,
    /// Attached models changed: upload them.
    UploadAttachments,
    /// A character's choices changed: compose its body texture, upload its
    /// hair, extra skin and cape textures and its items.
    UploadCharacter,
    /// The mount changed: upload it (or drop it).
    UploadMount,
}

impl AppState {
    /// Queues `c` for the window to apply after this frame's UI.
    pub fn send(&mut self, c: Command) {
        self.commands.push(c);
    }

    /// Takes the queued commands (the window's one place that applies them).
    pub fn take_commands(&mut self) -> Vec<Command> {
        std::mem::take(&mut self.commands)
    }
}
