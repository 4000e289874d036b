//! The docked layout (egui_tiles): the panels, the messages, the 3D view
//! with the open texture or table as a tab beside it, and the browser.
//! Tabs can be dragged, split and resized; the layout is saved with the
//! settings and restored at start.

use egui_tiles::{Tile, TileId, Tiles, Tree, UiResponse};
use serde::{Deserialize, Serialize};

use super::UiOutput;
use crate::state::AppState;

/// One dockable pane. Each appears once in a layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pane {
    /// The 3D view.
    View,
    /// The texture or table opened (hidden while none is).
    Document,
    /// The model's panels: animation, geosets, camera, export, inspector…
    Panels,
    /// Every warning and error, copyable.
    Messages,
    /// The models, textures and tables of the data sources (hidden while
    /// there are none, or when the View menu hides it).
    Browser,
}

impl Pane {
    /// Every pane, in the order the default layout places them.
    pub const ALL: [Pane; 5] = [Pane::Panels, Pane::Messages, Pane::View, Pane::Document, Pane::Browser];
}

/// The docked layout and what it last showed.
pub struct Layout {
    tree: Tree<Pane>,
    /// The document whose tab was last brought forward (a newly opened one
    /// is brought forward once).
    shown_document: Option<String>,
}

impl Default for Layout {
    /// Panels and messages (tabs) on the left, the view and the document
    /// (tabs) in the middle, the browser on the right: at 800 px wide the
    /// view keeps over half the width.
    fn default() -> Self {
        let mut tiles = Tiles::default();
        let panels = tiles.insert_pane(Pane::Panels);
        let messages = tiles.insert_pane(Pane::Messages);
        let left = tiles.insert_tab_tile(vec![panels, messages]);
        let view = tiles.insert_pane(Pane::View);
        let document = tiles.insert_pane(Pane::Document);
        let middle = tiles.insert_tab_tile(vec![view, document]);
        let browser = tiles.insert_pane(Pane::Browser);
        let right = tiles.insert_tab_tile(vec![browser]);
        let root = tiles.insert_horizontal_tile(vec![left, middle, right]);
        if let Some(Tile::Container(egui_tiles::Container::Linear(l))) = tiles.get_mut(root) {
            l.shares.set_share(left, 1.1);
            l.shares.set_share(middle, 2.6);
            l.shares.set_share(right, 1.0);
        }
        Layout { tree: Tree::new(egui::Id::unique("m2view layout"), root, tiles), shown_document: None }
    }
}

impl Layout {
    /// A layout of nothing (what stands in the state while its layout draws).
    pub(super) fn empty() -> Layout {
        Layout { tree: Tree::empty(egui::Id::unique("m2view layout")), shown_document: None }
    }

    /// The layout saved as `value`, or the default when there is none or it
    /// is not a layout of every pane once (then with a message saying so).
    /// A browser keeps no settings: always the default there.
    pub fn restore(value: Option<&serde_json::Value>) -> (Layout, Option<String>) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(v) = value {
            return match serde_json::from_value::<Tree<Pane>>(v.clone()) {
                Ok(tree) if Pane::ALL.iter().all(|p| count(&tree, *p) == 1) && tree.root().is_some() => {
                    (Layout { tree, shown_document: None }, None)
                }
                Ok(_) => (Layout::default(), Some("the saved layout lacks a pane: default layout used".into())),
                Err(e) => {
                    (Layout::default(), Some(format!("the saved layout does not read ({e}): default layout used")))
                }
            };
        }
        let _ = value;
        (Layout::default(), None)
    }

    /// The layout as saved in the settings.
    pub fn to_json(&self) -> serde_json::Value {
        #[cfg(not(target_arch = "wasm32"))]
        return serde_json::to_value(&self.tree).unwrap_or_default();
        // A browser keeps no settings, and its .wasm no serialiser of egui's types.
        #[cfg(target_arch = "wasm32")]
        serde_json::Value::Null
    }

    fn tile(&self, pane: Pane) -> Option<TileId> {
        self.tree.tiles.find_pane(&pane)
    }

    /// Whether `pane` is in the layout and not hidden.
    pub fn is_shown(&self, pane: Pane) -> bool {
        self.tile(pane).is_some_and(|t| self.tree.is_visible(t))
    }

    /// Shows or hides `pane`.
    pub fn set_shown(&mut self, pane: Pane, shown: bool) {
        if let Some(t) = self.tile(pane) {
            self.tree.set_visible(t, shown);
        }
    }

    /// Brings `pane`'s tab forward.
    pub fn focus(&mut self, pane: Pane) {
        self.tree.make_active(|_, tile| matches!(tile, Tile::Pane(p) if *p == pane));
    }

    /// Whether `pane` is drawn this frame (shown, and the front tab of its tabs).
    pub fn is_front(&self, pane: Pane) -> bool {
        self.tile(pane).is_some_and(|t| self.tree.active_tiles().contains(&t))
    }

    /// Matches the layout to the state (the document's tab shown while one
    /// is open and brought forward when a new one opens; the browser shown
    /// while there are data sources and the View menu wants it), then draws
    /// it into `ui`.
    pub(super) fn ui(
        &mut self,
        ui: &mut egui::Ui,
        s: &mut AppState,
        view_texture: Option<egui::TextureId>,
        out: &mut UiOutput,
    ) {
        let document = s.document.as_ref().map(|d| d.title());
        self.set_shown(Pane::Document, document.is_some());
        if document.is_some() && document != self.shown_document {
            self.focus(Pane::Document);
        }
        self.shown_document = document;
        self.set_shown(Pane::Browser, s.browser.is_some() && s.show_browser);
        self.set_shown(Pane::Messages, s.show_messages);
        // The 3D view alone in its tabs needs no tab bar: its height goes to the view.
        let bare = self.tile(Pane::View).and_then(|v| self.tree.tiles.parent_of(v)).filter(|&parent| {
            let Some(egui_tiles::Container::Tabs(t)) = self.tree.tiles.get_container(parent) else { return false };
            t.children.iter().filter(|&&c| self.tree.is_visible(c)).count() == 1
        });
        let mut behavior = Behavior { s, view_texture, out, close: None, bare };
        self.tree.ui(&mut behavior, ui);
        match behavior.close {
            Some(Pane::Document) => s.document = None,
            Some(Pane::Browser) => s.show_browser = false,
            Some(Pane::Messages) => s.show_messages = false,
            _ => {}
        }
    }
}

/// How many times `pane` appears in `tree`.
#[cfg(not(target_arch = "wasm32"))]
fn count(tree: &Tree<Pane>, pane: Pane) -> usize {
    tree.tiles.tiles().filter(|t| matches!(t, Tile::Pane(p) if *p == pane)).count()
}

struct Behavior<'a> {
    s: &'a mut AppState,
    view_texture: Option<egui::TextureId>,
    out: &'a mut UiOutput,
    /// The pane whose tab's close button was pressed.
    close: Option<Pane>,
    /// The tabs holding the 3D view alone (drawn without a tab bar).
    bare: Option<TileId>,
}

impl egui_tiles::Behavior<Pane> for Behavior<'_> {
    fn pane_ui(&mut self, ui: &mut egui::Ui, _tile: TileId, pane: &mut Pane) -> UiResponse {
        match pane {
            Pane::View => super::view_area(ui, self.s, self.view_texture, self.out),
            Pane::Document => super::document_area(ui, self.s),
            Pane::Panels => super::panels(ui, self.s),
            Pane::Messages => super::messages::messages_panel(ui, self.s),
            Pane::Browser => super::browser::browser_panel(ui, self.s),
        }
        UiResponse::None
    }

    fn tab_title_for_pane(&mut self, pane: &Pane) -> egui::WidgetText {
        match pane {
            Pane::View => "3D view".into(),
            Pane::Document => self.s.document.as_ref().map_or("Document".into(), |d| d.title()).into(),
            Pane::Panels => "Model".into(),
            Pane::Messages => format!("Messages ({})", self.s.message_count()).into(),
            Pane::Browser => "Browser".into(),
        }
    }

    fn is_tab_closable(&self, tiles: &Tiles<Pane>, tile: TileId) -> bool {
        matches!(tiles.get_pane(&tile), Some(Pane::Document | Pane::Browser | Pane::Messages))
    }

    /// Closing hides the pane (the View menu shows it again); the tile stays.
    fn on_tab_close(&mut self, tiles: &mut Tiles<Pane>, tile: TileId) -> bool {
        self.close = tiles.get_pane(&tile).copied();
        false
    }

    fn simplification_options(&self) -> egui_tiles::SimplificationOptions {
        egui_tiles::SimplificationOptions { all_panes_must_have_tabs: true, ..Default::default() }
    }

    fn is_tab_bar_visible(&self, tile: TileId, _tabs: &egui_tiles::Tabs) -> bool {
        self.bare != Some(tile)
    }

    fn tab_bar_height(&self, _style: &egui::Style) -> f32 {
        22.0
    }

    fn gap_width(&self, _style: &egui::Style) -> f32 {
        2.0
    }
}
