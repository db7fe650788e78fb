//! Terminal key events to the game's keys.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::app::Key;

/// The game's key for a terminal key event; `None` for key releases.
pub fn key(e: KeyEvent) -> Option<Key> {
    if e.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = e.modifiers.contains(KeyModifiers::CONTROL);
    Some(match e.code {
        KeyCode::Char('c') | KeyCode::Char('C') if ctrl => Key::CtrlC,
        KeyCode::Char(_) if ctrl || e.modifiers.contains(KeyModifiers::ALT) => Key::Other,
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Tab => Key::Tab,
        _ => Key::Other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_map_and_releases_are_dropped() {
        let k = |code, m| key(KeyEvent::new(code, m));
        assert_eq!(
            k(KeyCode::Char('c'), KeyModifiers::CONTROL),
            Some(Key::CtrlC)
        );
        assert_eq!(
            k(KeyCode::Char('x'), KeyModifiers::CONTROL),
            Some(Key::Other)
        );
        assert_eq!(
            k(KeyCode::Char('3'), KeyModifiers::NONE),
            Some(Key::Char('3'))
        );
        assert_eq!(k(KeyCode::F(5), KeyModifiers::NONE), Some(Key::Other));
        let mut release = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
        release.kind = KeyEventKind::Release;
        assert_eq!(key(release), None);
    }
}
