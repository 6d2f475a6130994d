<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="fr_FR">
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../dealerassist/ui/main_window.py" line="206" />
        <source>dealerassist — dealer console</source>
        <translation>dealerassist — console du croupier</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/main_window.py" line="96" />
        <location filename="../../dealerassist/ui/main_window.py" line="169" />
        <source>Flags</source>
        <translation>Alertes</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/main_window.py" line="73" />
        <source>The camera source has ended</source>
        <translation>La source de la caméra est terminée</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/main_window.py" line="97" />
        <source>Showdown</source>
        <translation>Abattage</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/main_window.py" line="98" />
        <source>History</source>
        <translation>Historique</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/main_window.py" line="100" />
        <source>Camera</source>
        <translation>Caméra</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/main_window.py" line="217" />
        <location filename="../../dealerassist/ui/menus.py" line="57" />
        <source>Keyboard</source>
        <translation>Clavier</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/main_window.py" line="168" />
        <source>Flags ({n})</source>
        <translation>Alertes ({n})</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/main_window.py" line="176" />
        <location filename="../../dealerassist/ui/main_window.py" line="208" />
        <source>DEMO: nothing is recorded</source>
        <translation>DÉMO : rien n'est enregistré</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/main_window.py" line="179" />
        <source>Level {level}</source>
        <translation>Niveau {level}</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/main_window.py" line="232" />
        <source>Starting the camera…</source>
        <translation>Démarrage de la caméra…</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/main_window.py" line="244" />
        <source>Video file</source>
        <translation>Fichier vidéo</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/main_window.py" line="254" />
        <source>Camera off</source>
        <translation>Caméra arrêtée</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/main_window.py" line="283" />
        <source>Export needs a live table journal</source>
        <translation>L'export demande le journal d'une table réelle</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/main_window.py" line="288" />
        <source>Export the day's hands to</source>
        <translation>Exporter les mains du jour vers</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/main_window.py" line="291" />
        <source>Exporting {day}</source>
        <translation>Export du {day}</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/main_window.py" line="345" />
        <source>Hide</source>
        <translation>Masquer</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="35" />
        <source>&amp;Table</source>
        <translation>&amp;Table</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="36" />
        <source>Set up table…</source>
        <translation>Installer la table…</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="37" />
        <source>Next hand</source>
        <translation>Main suivante</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="39" />
        <source>Undo last command</source>
        <translation>Annuler la dernière commande</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="41" />
        <source>Export today's hands…</source>
        <translation>Exporter les mains du jour…</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="44" />
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="45" />
        <source>Larger text</source>
        <translation>Texte plus grand</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="47" />
        <source>Smaller text</source>
        <translation>Texte plus petit</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="49" />
        <source>&amp;Camera</source>
        <translation>&amp;Caméra</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="50" />
        <source>Start the webcam</source>
        <translation>Démarrer la webcam</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="52" />
        <source>Read a video file…</source>
        <translation>Lire un fichier vidéo…</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="54" />
        <source>Stop the camera</source>
        <translation>Arrêter la caméra</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="56" />
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="59" />
        <source>&amp;Language</source>
        <translation>&amp;Langue</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="70" />
        <source>fold</source>
        <translation>se coucher</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="71" />
        <source>check, or call (all-in for less when short)</source>
        <translation>parole, ou suivre (à tapis pour moins si court)</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="73" />
        <source>cursor to the amount; Enter bets or raises to it</source>
        <translation>curseur sur le montant ; Entrée mise ou relance à ce montant</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="75" />
        <source>amount presets: minimum, half pot, pot, all-in</source>
        <translation>montants prédéfinis : minimum, demi-pot, pot, tapis</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="77" />
        <source>cursor to the command line; Up/Down recall</source>
        <translation>curseur sur la ligne de commande ; Haut/Bas rappellent</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="79" />
        <source>next hand</source>
        <translation>main suivante</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="80" />
        <source>undo the last command (kept in the journal)</source>
        <translation>annuler la dernière commande (gardée dans le journal)</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="82" />
        <source>back to the table (hotkeys active)</source>
        <translation>retour à la table (raccourcis actifs)</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/menus.py" line="83" />
        <source>larger / smaller text</source>
        <translation>texte plus grand / plus petit</translation>
    </message>
</context>
<context>
    <name>QtActionBar</name>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="86" />
        <source>amount</source>
        <translation>montant</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="92" />
        <source>Min [1]</source>
        <translation>Min [1]</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="93" />
        <source>½ Pot [2]</source>
        <translation>½ pot [2]</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="94" />
        <source>Pot [3]</source>
        <translation>Pot [3]</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="95" />
        <source>All-in [4]</source>
        <translation>Tapis [4]</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="137" />
        <source>No action pending</source>
        <translation>Aucune action en attente</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="140" />
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="168" />
        <source>Fold [F]</source>
        <translation>Se coucher [F]</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="141" />
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="170" />
        <source>Check [C]</source>
        <translation>Parole [C]</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="142" />
        <source>Raise [R]</source>
        <translation>Relancer [R]</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="146" />
        <source>Seat {seat} · {name} to act</source>
        <translation>Siège {seat} · {name} parle</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="149" />
        <source>To call {amount}</source>
        <translation>À suivre {amount}</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="152" />
        <source>Check or bet</source>
        <translation>Parole ou mise</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="153" />
        <source>Nothing to call</source>
        <translation>Rien à suivre</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="154" />
        <source>Bet</source>
        <translation>Miser</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="154" />
        <source>Raise to</source>
        <translation>Relancer à</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="156" />
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="215" />
        <source>No raise allowed</source>
        <translation>Relance impossible</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="162" />
        <source>No cap</source>
        <translation>Sans plafond</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="163" />
        <source>Raises left: {n}</source>
        <translation>Relances restantes : {n}</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="164" />
        <source>Stack {stack} · Pot {pot} · {raises}</source>
        <translation>Tapis {stack} · Pot {pot} · {raises}</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="172" />
        <source>Call all-in {amount} [C]</source>
        <translation>Suivre à tapis {amount} [C]</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="175" />
        <source>Call {amount} [C]</source>
        <translation>Suivre {amount} [C]</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="198" />
        <source>Nobody can fold now</source>
        <translation>Personne ne peut se coucher maintenant</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="205" />
        <location filename="../../dealerassist/ui/widgets/qt_action_bar.py" line="225" />
        <source>Nobody is to act</source>
        <translation>Personne n'a la parole</translation>
    </message>
</context>
<context>
    <name>QtCamera</name>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_camera.py" line="38" />
        <source>Camera off</source>
        <translation>Caméra arrêtée</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_camera.py" line="51" />
        <source>frame {n}</source>
        <translation>image {n}</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_camera.py" line="53" />
        <source>{fps:.0f} fps</source>
        <translation>{fps:.0f} im/s</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_camera.py" line="55" />
        <source>{n} dropped</source>
        <translation>{n} sautées</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_camera.py" line="56" />
        <source>{ms:.0f} ms</source>
        <translation>{ms:.0f} ms</translation>
    </message>
</context>
<context>
    <name>QtCommandLine</name>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_command_line.py" line="20" />
        <source>command (e.g. r 60, c, f, flop Ah Kd 7c)  —  press /</source>
        <translation>commande (ex. r 60, c, f, flop Ah Kd 7c)  —  touche /</translation>
    </message>
</context>
<context>
    <name>QtFlag</name>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_flags.py" line="67" />
        <source>Confirm ruling</source>
        <translation>Confirmer la décision</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_flags.py" line="69" />
        <source>reason to overrule</source>
        <translation>motif pour infirmer</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_flags.py" line="70" />
        <source>Overrule</source>
        <translation>Infirmer</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_flags.py" line="83" />
        <source>Confirmed</source>
        <translation>Confirmée</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_flags.py" line="84" />
        <source>Overruled: {reason}</source>
        <translation>Infirmée : {reason}</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_flags.py" line="90" />
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_flags.py" line="91" />
        <source>Irregularity</source>
        <translation>Irrégularité</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_flags.py" line="92" />
        <source>Misdeal</source>
        <translation>Maldonne</translation>
    </message>
</context>
<context>
    <name>QtFlags</name>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_flags.py" line="120" />
        <source>No irregularity this hand</source>
        <translation>Aucune irrégularité dans cette main</translation>
    </message>
</context>
<context>
    <name>QtHistory</name>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_history.py" line="29" />
        <source>This hand</source>
        <translation>Cette main</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_history.py" line="33" />
        <source>Past hands</source>
        <translation>Mains précédentes</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_history.py" line="36" />
        <source>Hand</source>
        <translation>Main</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_history.py" line="36" />
        <source>Pot</source>
        <translation>Pot</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_history.py" line="36" />
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
</context>
<context>
    <name>QtPots</name>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_pots.py" line="25" />
        <source>Main pot</source>
        <translation>Pot principal</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_pots.py" line="27" />
        <source>Side pot {n}</source>
        <translation>Pot annexe {n}</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_pots.py" line="36" />
        <source>seats {seats}</source>
        <translation>sièges {seats}</translation>
    </message>
</context>
<context>
    <name>QtProposals</name>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_proposals.py" line="58" />
        <source>(check: {cards})</source>
        <translation>(à vérifier : {cards})</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_proposals.py" line="63" />
        <source>Confirm</source>
        <translation>Confirmer</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_proposals.py" line="66" />
        <source>Dismiss</source>
        <translation>Écarter</translation>
    </message>
</context>
<context>
    <name>QtSeat</name>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_seat.py" line="24" />
        <source>Empty seat</source>
        <translation>Siège libre</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_seat.py" line="25" />
        <source>Waiting</source>
        <translation>En attente</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_seat.py" line="27" />
        <source>TO ACT</source>
        <translation>À PARLER</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_seat.py" line="28" />
        <source>Folded</source>
        <translation>Couché</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_seat.py" line="29" />
        <source>ALL-IN</source>
        <translation>TAPIS</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_seat.py" line="30" />
        <source>Sitting out</source>
        <translation>Absent</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_seat.py" line="99" />
        <source>Bet this street</source>
        <translation>Mise de ce tour</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_seat.py" line="106" />
        <source>stood pat</source>
        <translation>servi</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_seat.py" line="107" />
        <source>drew {count}</source>
        <translation>a tiré {count}</translation>
    </message>
</context>
<context>
    <name>QtShowdown</name>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_showdown.py" line="43" />
        <source>Showdown</source>
        <translation>Abattage</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_showdown.py" line="55" />
        <source>Seat </source>
        <translation>Siège </translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_showdown.py" line="57" />
        <source>cards shown, e.g. Ah Kd</source>
        <translation>cartes montrées, ex. Ah Kd</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_showdown.py" line="58" />
        <source>Enter cards</source>
        <translation>Saisir les cartes</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_showdown.py" line="66" />
        <source>Confirm payouts</source>
        <translation>Confirmer les paiements</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_showdown.py" line="79" />
        <source> (high)</source>
        <translation> (haut)</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_showdown.py" line="80" />
        <source> (low)</source>
        <translation> (bas)</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_showdown.py" line="81" />
        <source>seat {seat} {name} wins {amount}{share}</source>
        <translation>siège {seat} {name} gagne {amount}{share}</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_showdown.py" line="84" />
        <source>, odd chip {n}</source>
        <translation>, jeton indivisible {n}</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_showdown.py" line="100" />
        <source>No showdown yet</source>
        <translation>Pas encore d'abattage</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_showdown.py" line="106" />
        <source>mucked</source>
        <translation>jeté sans montrer</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_showdown.py" line="111" />
        <source>Cards to enter: seats {seats}</source>
        <translation>Cartes à saisir : sièges {seats}</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_showdown.py" line="119" />
        <source> (rake {rake})</source>
        <translation> (commission {rake})</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_showdown.py" line="121" />
        <source> · no qualifying low</source>
        <translation> · pas de main basse qualifiée</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_showdown.py" line="126" />
        <source>Total rake {rake}</source>
        <translation>Commission totale {rake}</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_showdown.py" line="129" />
        <source>Paid. Stacks updated.</source>
        <translation>Payé. Tapis mis à jour.</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_showdown.py" line="145" />
        <source>Type the cards shown, e.g. Ah Kd</source>
        <translation>Saisissez les cartes montrées, ex. Ah Kd</translation>
    </message>
</context>
<context>
    <name>QtTable</name>
    <message>
        <location filename="../../dealerassist/ui/widgets/qt_table.py" line="86" />
        <source>Hand #{hand} · {street}</source>
        <translation>Main n° {hand} · {street}</translation>
    </message>
</context>
<context>
    <name>TableSetupDialog</name>
    <message>
        <location filename="../../dealerassist/ui/setup_dialog.py" line="40" />
        <source>Table set-up</source>
        <translation>Installation de la table</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/setup_dialog.py" line="52" />
        <source>Game</source>
        <translation>Jeu</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/setup_dialog.py" line="57" />
        <source>Button at seat</source>
        <translation>Bouton au siège</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/setup_dialog.py" line="60" />
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/setup_dialog.py" line="60" />
        <source>Stack</source>
        <translation>Tapis</translation>
    </message>
    <message>
        <location filename="../../dealerassist/ui/setup_dialog.py" line="61" />
        <source>Sitting out</source>
        <translation>Absent</translation>
    </message>
</context>
<context>
    <name>window</name>
    <message>
        <location filename="../../dealerassist/ui/app.py" line="172" />
        <source>Opening the table journal</source>
        <translation>Ouverture du journal de la table</translation>
    </message>
</context>
</TS>