"""Refresh the console's translation files: lupdate, fill in French, lrelease.

Run from the repository root: ``.venv/bin/python scripts/update_translations.py``.
The French text lives here (FRENCH), keyed by the English source; a source without a
French entry is reported and left unfinished (Qt then shows the English).
"""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TS = ROOT / "dealerassist" / "resources" / "i18n" / "dealerassist_fr.ts"
BIN = Path(sys.executable).parent

CONSOLE_MODULES = (
    "app.py", "bridge.py", "camera.py", "command_lines.py", "demo.py", "i18n.py",
    "main_window.py", "measure.py", "menus.py", "session_adapter.py", "settings.py",
    "setup_dialog.py",
    "theme.py", "workers.py",
    *(f"widgets/qt_{name}.py" for name in (
        "action_bar", "camera", "cards", "command_line", "flags", "history", "pots",
        "proposals", "seat", "showdown", "table")),
)

FRENCH = {
    "dealerassist — dealer console": "dealerassist — console du croupier",
    "Flags": "Alertes",
    "Showdown": "Abattage",
    "History": "Historique",
    "&Table": "&Table",
    "Set up table…": "Installer la table…",
    "Next hand": "Main suivante",
    "Keypad mode": "Mode pavé numérique",
    "Floor incident…": "Incident d'arbitrage…",
    "Players' screen": "Écran des joueurs",
    "Pot {amount}": "Pot {amount}",
    "Seat {seat} · {name}: to call {amount}": "Siège {seat} · {name} : à suivre {amount}",
    "Level {level} · {stakes}": "Niveau {level} · {stakes}",
    "average {chips}": "moyenne {chips}",
    "{n} players": "{n} joueurs",
    "break in {time}": "pause dans {time}",
    "/ to type: r 60, flop Ah Kd 7c …": "/ pour taper : r 60, flop Ah Kd 7c …",
    "when cards are due: rank then suit, no command (flop, turn, river)":
        "cartes attendues : valeur puis couleur, sans commande (flop, turn, river)",
    "at showdown: seat key, then the cards shown (no seat: the seat due)":
        "à l'abattage : touche du siège, puis les cartes (sans siège : le siège attendu)",
    "+ check/call, - fold, digits amount, * presets, . clear, Enter bet/raise, pay or deal":
        "+ parole/suivre, - se coucher, chiffres montant, * préréglages, . effacer, "
        "Entrée miser/relancer, payer ou donner",
    "&View": "&Affichage",
    "Larger text": "Texte plus grand",
    "Smaller text": "Texte plus petit",
    "&Language": "&Langue",
    "Flags ({n})": "Alertes ({n})",
    "Level {level}": "Niveau {level}",
    "Hide": "Masquer",
    "amount": "montant",
    "Min [1]": "Min [1]",
    "½ Pot [2]": "½ pot [2]",
    "Pot [3]": "Pot [3]",
    "All-in [4]": "Tapis [4]",
    "No action pending": "Aucune action en attente",
    "Fold [F]": "Se coucher [F]",
    "Check [C]": "Parole [C]",
    "Raise [R]": "Relancer [R]",
    "Seat {seat} · {name} to act": "Siège {seat} · {name} parle",
    "To call {amount}": "À suivre {amount}",
    "Check or bet": "Parole ou mise",
    "Nothing to call": "Rien à suivre",
    "Bet": "Miser",
    "Raise to": "Relancer à",
    "No raise allowed": "Relance impossible",
    "No cap": "Sans plafond",
    "Raises left: {n}": "Relances restantes : {n}",
    "Stack {stack} · Pot {pot} · {raises}": "Tapis {stack} · Pot {pot} · {raises}",
    "Call all-in {amount} [C]": "Suivre à tapis {amount} [C]",
    "Call {amount} [C]": "Suivre {amount} [C]",
    "Nobody can fold now": "Personne ne peut se coucher maintenant",
    "Nobody is to act": "Personne n'a la parole",
    "command (e.g. r 60, c, f, flop Ah Kd 7c)  —  press /":
        "commande (ex. r 60, c, f, flop Ah Kd 7c)  —  touche /",
    "Confirm ruling": "Confirmer la décision",
    "Confirm ruling [Y]": "Confirmer la décision [Y]",
    "An open ruling is about this player": "Une décision en cours concerne ce joueur",
    "confirm the ruling shown first": "confirmer la première décision affichée",
    "reason to overrule": "motif pour infirmer",
    "Overrule": "Infirmer",
    "Confirmed": "Confirmée",
    "Overruled: {reason}": "Infirmée : {reason}",
    "Note": "Note",
    "Irregularity": "Irrégularité",
    "Misdeal": "Maldonne",
    "No irregularity this hand": "Aucune irrégularité dans cette main",
    "This hand": "Cette main",
    "Past hands": "Mains précédentes",
    "Hand": "Main",
    "Pot": "Pot",
    "Result": "Résultat",
    "Main pot": "Pot principal",
    "Side pot {n}": "Pot annexe {n}",
    "seats {seats}": "sièges {seats}",
    "Empty seat": "Siège libre",
    "Waiting": "En attente",
    "TO ACT": "À PARLER",
    "Folded": "Couché",
    "ALL-IN": "TAPIS",
    "Sitting out": "Absent",
    "Bet this street": "Mise de ce tour",
    "stood pat": "servi",
    "drew {count}": "a tiré {count}",
    "Seat ": "Siège ",
    "cards shown, e.g. Ah Kd": "cartes montrées, ex. Ah Kd",
    "Enter cards": "Saisir les cartes",
    "Confirm payouts": "Confirmer les paiements",
    " (high)": " (haut)",
    " (low)": " (bas)",
    "seat {seat} {name} wins {amount}{share}": "siège {seat} {name} gagne {amount}{share}",
    ", odd chip {n}": ", jeton indivisible {n}",
    "No showdown yet": "Pas encore d'abattage",
    "mucked": "jeté sans montrer",
    "Cards to enter: seats {seats}": "Cartes à saisir : sièges {seats}",
    " (rake {rake})": " (commission {rake})",
    " · no qualifying low": " · pas de main basse qualifiée",
    "Total rake {rake}": "Commission totale {rake}",
    "Paid. Stacks updated.": "Payé. Tapis mis à jour.",
    "Type the cards shown, e.g. Ah Kd": "Saisissez les cartes montrées, ex. Ah Kd",
    "Hand #{hand} · {street}": "Main n° {hand} · {street}",
    "Table set-up": "Installation de la table",
    "Game": "Jeu",
    "Button at seat": "Bouton au siège",
    "Name": "Nom",
    "Stack": "Tapis",
    "Export today's hands…": "Exporter les mains du jour…",
    "Export needs a live table journal": "L'export demande le journal d'une table réelle",
    "Export the day's hands to": "Exporter les mains du jour vers",
    "Exporting {day}": "Export du {day}",
    "Opening the table journal": "Ouverture du journal de la table",
    "&Help": "&Aide",
    "Keyboard": "Clavier",
    "fold": "se coucher",
    "check, or call (all-in for less when short)":
        "parole, ou suivre (à tapis pour moins si court)",
    "cursor to the amount; Enter bets or raises to it":
        "curseur sur le montant ; Entrée mise ou relance à ce montant",
    "amount presets: minimum, half pot, pot, all-in":
        "montants prédéfinis : minimum, demi-pot, pot, tapis",
    "cursor to the command line; Up/Down recall":
        "curseur sur la ligne de commande ; Haut/Bas rappellent",
    "next hand": "main suivante",
    "back to the table (hotkeys active)": "retour à la table (raccourcis actifs)",
    "larger / smaller text": "texte plus grand / plus petit",
    "(check: {cards})": "(à vérifier : {cards})",
    "Confirm": "Confirmer",
    "Dismiss": "Écarter",
    "Undo last command": "Annuler la dernière commande",
    "DEMO: nothing is recorded": "DÉMO : rien n'est enregistré",
    "undo the last command (kept in the journal)":
        "annuler la dernière commande (gardée dans le journal)",
    "The camera source has ended": "La source de la caméra est terminée",
    "Camera": "Caméra",
    "&Camera": "&Caméra",
    "Start the webcam": "Démarrer la webcam",
    "Read a video file…": "Lire un fichier vidéo…",
    "Stop the camera": "Arrêter la caméra",
    "Starting the camera…": "Démarrage de la caméra…",
    "Video file": "Fichier vidéo",
    "Camera off": "Caméra arrêtée",
    "Mark the felt's corners…": "Marquer les coins du tapis…",
    "Start the camera first: the felt's corners are marked on its view":
        "Démarrez d'abord la caméra : les coins du tapis se marquent sur son image",
    "Click the felt's corners: {n} to go · Backspace undoes · Esc cancels":
        "Cliquez les coins du tapis : encore {n} · Retour arrière annule · Échap abandonne",
    "Table calibrated (not saved: no table file)":
        "Table calibrée (non enregistrée : pas de fichier de table)",
    "The calibration could not be saved: {error}":
        "La calibration n'a pas pu être enregistrée : {error}",
    "Table calibrated: saved to {path}": "Table calibrée : enregistrée dans {path}",
    "Marking cancelled: the zones are unchanged": "Marquage abandonné : zones inchangées",
    "Save the corner markers to print…": "Enregistrer les repères de coin à imprimer…",
    "Save the corner markers": "Enregistrer les repères de coin",
    "PNG image (*.png)": "Image PNG (*.png)",
    "Corner markers saved to {path}: print them, cut them apart and lay each on its corner "
    "of the felt":
        "Repères de coin enregistrés dans {path} : imprimez-les, découpez-les et posez "
        "chacun sur son coin du tapis",
    "Table calibrated from the corner markers": "Table calibrée par les repères de coin",
    "Corner marker {n} is not on its corner: put it back (the zones stay where they were)":
        "Le repère de coin {n} n'est plus sur son coin : remettez-le en place (les zones "
        "restent où elles étaient)",
    "The corner markers are not where the zones were: the zones now follow the markers":
        "Les repères de coin ne sont plus où étaient les zones : les zones suivent "
        "maintenant les repères",
    "The camera's frames are now {width}x{height}; the felt's corners were marked on "
    "{marked_width}x{marked_height} frames. Mark them again (Camera menu): until then no "
    "card is placed in a seat.":
        "Les images de la caméra sont maintenant en {width}x{height} ; les coins du tapis "
        "ont été marqués sur des images en {marked_width}x{marked_height}. Marquez-les à "
        "nouveau (menu Caméra) : d'ici là, aucune carte n'est placée à un siège.",
    "frame {n}": "image {n}",
    "{fps:.0f} fps": "{fps:.0f} im/s",
    "{n} dropped": "{n} sautées",
    "{ms:.0f} ms": "{ms:.0f} ms",
    "confirm payouts (pay)": "confirmer les paiements (pay)",
    "Bring-in {amount} or complete": "Ouverture forcée {amount} ou compléter",
    "Complete": "Compléter",
    "Away": "Absent (tournoi)",
    "{preset} is a tournament: OK opens a new tournament table (new journal), every "
    "player starting with {stack} chips.":
        "{preset} est un tournoi : OK ouvre une nouvelle table de tournoi (nouveau journal), "
        "chaque joueur partant avec {stack} jetons.",
    "Bring in {amount} [C]": "Ouvrir de force {amount} [C]",
    # Tools menu
    "T&ools": "&Outils",
    "Trainer…": "Formation…",
    "Floor: rulings, hand review, incidents…": "Arbitrage : règles, revue de main, incidents…",
    "Open a live table first: these tools keep their records in its journal.":
        "Ouvrez d'abord une table réelle : ces outils tiennent leurs registres dans son journal.",
    # Tournament clock (ui/clock_view.py)
    "Tournament clock": "Horloge du tournoi",
    "Pause": "Pause",
    "Next level": "Niveau suivant",
    "Big screen": "Grand écran",
    "No blind clock": "Pas d'horloge des blindes",
    "Break": "Pause",
    "Next: {stakes}": "Suivant : {stakes}",
    "Last level": "Dernier niveau",
    "not started": "pas commencé",
    "PAUSED": "EN PAUSE",
    "from the next hand": "à la main suivante",
    "Start": "Démarrer",
    "Resume": "Reprendre",
    # Trainer (ui/trainer/)
    "dealerassist — trainer": "dealerassist — formation",
    "Drills": "Exercices",
    "Certification": "Certification",
    "Progress": "Progression",
    "trainee name": "nom de l'élève",
    "Start the certification": "Commencer la certification",
    "Answer": "Répondre",
    "Enter the trainee's name first.": "Saisissez d'abord le nom de l'élève.",
    "Question {0} of {1}": "Question {0} sur {1}",
    "PASSED": "RÉUSSI",
    "NOT PASSED": "ÉCHOUÉ",
    "{0}: {1} / {2} ({3}%), pass mark {4}%": "{0} : {1} / {2} ({3} %), seuil de réussite {4} %",
    "All skills, mixed": "Toutes les compétences, mélangées",
    "no limit": "sans limite",
    "Next question": "Question suivante",
    "your answer": "votre réponse",
    "Check": "Vérifier",
    "Trainee": "Élève",
    "Skill": "Compétence",
    "Level": "Niveau",
    "Time limit": "Temps limite",
    "Score: {0} / {1}": "Score : {0} / {1}",
    "No answers yet": "Pas encore de réponse",
    "Accuracy by day: {0} to {1}": "Réussite par jour : du {0} au {1}",
    "All skills": "Toutes les compétences",
    "Over time": "Dans le temps",
    "Pass mark at this level: {0}%": "Seuil de réussite à ce niveau : {0} %",
    "Level: {0}": "Niveau : {0}",
    "beginner": "débutant",
    "intermediate": "intermédiaire",
    "advanced": "avancé",
    # Floor (ui/floor/)
    "dealerassist — floor": "dealerassist — arbitrage",
    "Rulings": "Règles",
    "Hand review": "Revue de main",
    "Incidents": "Incidents",
    "Refresh": "Actualiser",
    "◀ Previous": "◀ Précédent",
    "Next ▶": "Suivant ▶",
    "Hand {0}": "Main {0}",
    " (running)": " (en cours)",
    "No hand in this journal yet.": "Pas encore de main dans ce journal.",
    "no hand": "aucune main",
    "Record incident": "Consigner l'incident",
    "Export CSV…": "Exporter en CSV…",
    "Export printable page…": "Exporter une page imprimable…",
    "What was disputed": "Ce qui était contesté",
    "Rule ID": "Identifiant de règle",
    "Ruling": "Décision",
    "Decided by": "Décidé par",
    "Notes": "Notes",
    "Floor incidents": "Incidents d'arbitrage",
    "Cannot write {0}: {1}": "Impossible d'écrire {0} : {1}",
    "Export incidents": "Exporter les incidents",
    "search rules (français or English, or an ID)":
        "chercher une règle (français ou anglais, ou un identifiant)",
    "{0} (seats {1})": "{0} (sièges {1})",
    "<b>{0}</b>, board: {1}": "<b>{0}</b>, tableau : {1}",
    "Pots: {0}": "Pots : {0}",
    "raise {0}–{1}": "relance {0}–{1}",
    "no raise [{0}]": "pas de relance [{0}]",
    "Seat {0} to act: to call {1}, {2}": "Siège {0} parle : {1} à suivre, {2}",
    "Rake: {0}": "Commission : {0}",
    "folded": "couché",
    "all in": "à tapis",
    # Column titles passed to tr() through a variable (see DYNAMIC)
    "Seat": "Siège",
    "In pots": "Dans les pots",
    "Cards": "Cartes",
    "#": "#",
    "When": "Quand",
    "Disputed": "Contesté",
    "Rule": "Règle",
}

# Texts given to tr() through a variable (lupdate cannot see them): context -> sources.
DYNAMIC = {
    "RoomWindow": ("Table", "Game", "Stakes", "Hand", "To act", "Pots", "Players", "Flags",
                   "Calls waiting", "Dealer", "Last activity", "confirm", "overrule", "ruling"),
    "QtHandStepper": ("Seat", "Name", "Stack", "Bet", "In pots", "Cards"),
    "QtIncidents": ("#", "Hand", "When", "Disputed", "Ruling", "Rule", "Decided by", "Notes"),
}

# A source whose French differs by context (e.g. "Bet" the button, "Bet" the column).
BY_CONTEXT = {
    # The card room's floor window (ui/floor/room_window.py).
    ("RoomWindow", "dealerassist — card room"): "dealerassist — salle de jeu",
    ("RoomWindow", "Table"): "Table",
    ("RoomWindow", "Game"): "Jeu",
    ("RoomWindow", "Stakes"): "Enjeux",
    ("RoomWindow", "Hand"): "Main",
    ("RoomWindow", "To act"): "À parler",
    ("RoomWindow", "Pots"): "Pots",
    ("RoomWindow", "Players"): "Joueurs",
    ("RoomWindow", "Flags"): "Signalements",
    ("RoomWindow", "Calls waiting"): "Appels en attente",
    ("RoomWindow", "Dealer"): "Croupier",
    ("RoomWindow", "Last activity"): "Dernière activité",
    ("RoomWindow", "confirm"): "confirmer",
    ("RoomWindow", "overrule"): "infirmer",
    ("RoomWindow", "ruling"): "décision",
    ("RoomWindow", "Sign in"): "Se connecter",
    ("RoomWindow", "Send the ruling"): "Envoyer la décision",
    ("RoomWindow", "Floor account"): "Compte du floor",
    ("RoomWindow", "Call"): "Appel",
    ("RoomWindow", "Answer"): "Réponse",
    ("RoomWindow", "Flag"): "Signalement",
    ("RoomWindow", "Reason / ruling"): "Motif / décision",
    ("RoomWindow", "room: "): "salle : ",
    ("RoomWindow", "signed in as {0} ({1})"): "connecté comme {0} ({1})",
    ("RoomWindow", "no call waiting"): "aucun appel en attente",
    ("RoomWindow", "sign in with a floor account first"):
        "connectez-vous d'abord avec un compte du floor",
    ("RoomWindow", "ruling {0} sent to {1} ({2})"): "décision {0} envoyée à {1} ({2})",
    ("MainWindow", "Call the floor"): "Appeler le floor",
    ("MainWindow", "call the floor (the hand frozen; the answer shows in the status line)"):
        "appeler le floor (la main figée ; la réponse s'affiche dans la barre d'état)",
    ("QtHandStepper", "Bet"): "Mise",
}


def ui_sources() -> list[Path]:
    """Return every module of the console with texts to translate.

    The console's own modules plus the other windows it opens: the trainer
    (``ui/trainer/``), the floor (``ui/floor/``) and the tournament clock
    (``ui/clock_view.py``). Any ``.py`` under ``dealerassist/ui`` is taken, so a new screen
    cannot be forgotten.
    """
    ui = ROOT / "dealerassist" / "ui"
    return sorted(path for path in ui.rglob("*.py") if path.name != "__init__.py")


def main() -> int:
    """Update the .ts from the sources, fill French, compile the .qm."""
    sources = [str(path) for path in ui_sources()]
    subprocess.run([str(BIN / "pyside6-lupdate"), *sources, "-no-obsolete", "-ts", str(TS)],
                   check=True)
    tree = ET.parse(TS)
    _add_dynamic(tree)
    missing = []
    for context in tree.iter("context"):
        name = context.findtext("name", "")
        missing += _fill(context, name)
    tree.write(TS, encoding="utf-8", xml_declaration=True)
    subprocess.run([str(BIN / "pyside6-lrelease"), str(TS)], check=True)
    for source in missing:
        print(f"no French for: {source!r}", file=sys.stderr)
    return 1 if missing else 0


def _add_dynamic(tree: ET.ElementTree) -> None:
    """Add the DYNAMIC texts lupdate cannot find to their contexts."""
    root = tree.getroot()
    contexts = {c.findtext("name", ""): c for c in root.iter("context")}
    for name, sources in DYNAMIC.items():
        context = contexts.get(name)
        if context is None:
            context = ET.SubElement(root, "context")
            ET.SubElement(context, "name").text = name
        have = {m.findtext("source", "") for m in context.iter("message")}
        for source in sources:
            if source not in have:
                message = ET.SubElement(context, "message")
                ET.SubElement(message, "source").text = source
                ET.SubElement(message, "translation")


def _fill(context: ET.Element, name: str) -> list[str]:
    """Fill the French of one context's messages; return the sources without any."""
    missing = []
    for message in context.iter("message"):
        source = message.findtext("source", "")
        translation = message.find("translation")
        if translation is None:
            translation = ET.SubElement(message, "translation")
        french = BY_CONTEXT.get((name, source), FRENCH.get(source))
        if french is None:
            missing.append(source)
            translation.set("type", "unfinished")
            continue
        translation.text = french
        translation.attrib.pop("type", None)
    return missing


if __name__ == "__main__":
    raise SystemExit(main())
