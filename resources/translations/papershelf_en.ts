<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
    <context>
        <name>AuxList</name>
        <message numerus="yes">
            <source>The list “{name}” holds the %Ln cited paper(s) of the library.</source>
            <translation>
                <numerusform>The list “{name}” holds the %Ln cited paper of the library.</numerusform>
                <numerusform>The list “{name}” holds the %Ln cited papers of the library.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>BibliographyExport</name>
        <message numerus="yes">
            <source>Wrote %Ln reference(s) to {file}.</source>
            <translation type="unfinished">
                <numerusform />
                <numerusform />
            </translation>
        </message>
        <message numerus="yes">
            <source>Formatting %Ln reference(s) for {file}…</source>
            <translation>
                <numerusform>Formatting %Ln reference for {file}…</numerusform>
                <numerusform>Formatting %Ln references for {file}…</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Citations</name>
        <message numerus="yes">
            <source>Copied %Ln reference(s) in the style {style}.</source>
            <translation>
                <numerusform>Copied %Ln reference in the style {style}.</numerusform>
                <numerusform>Copied %Ln references in the style {style}.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ClipboardCopy</name>
        <message numerus="yes">
            <source>Copying the BibTeX of %Ln paper(s)…</source>
            <translation>
                <numerusform>Copying the BibTeX of %Ln paper…</numerusform>
                <numerusform>Copying the BibTeX of %Ln papers…</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Formatting %Ln reference(s) to copy…</source>
            <translation>
                <numerusform>Formatting %Ln reference to copy…</numerusform>
                <numerusform>Formatting %Ln references to copy…</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Formatting the in-text citation of %Ln paper(s) to copy…</source>
            <translation>
                <numerusform>Formatting the in-text citation of %Ln paper to copy…</numerusform>
                <numerusform>Formatting the in-text citation of %Ln papers to copy…</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Copied the BibTeX of %Ln paper(s).</source>
            <translation>
                <numerusform>Copied the BibTeX of %Ln paper.</numerusform>
                <numerusform>Copied the BibTeX of %Ln papers.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ComparePapers</name>
        <message numerus="yes">
            <source>%n field(s) differ (marked). Choose the value to keep in each; the paper on the left is kept, with the notes, files, tags and lists of both, and the other goes to the trash.</source>
            <translation>
                <numerusform>%n field differs (marked). Choose the value to keep; the paper on the left is kept, with the notes, files, tags and lists of both, and the other goes to the trash.</numerusform>
                <numerusform>%n fields differ (marked). Choose the value to keep in each; the paper on the left is kept, with the notes, files, tags and lists of both, and the other goes to the trash.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>CompletionDialog</name>
        <message numerus="yes">
            <source>%n paper(s) to look up: about {minutes} minute(s).</source>
            <translation>
                <numerusform>%n paper to look up: about {minutes} minute(s).</numerusform>
                <numerusform>%n papers to look up: about {minutes} minute(s).</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Looked up %n of {total} paper(s)…</source>
            <translation>
                <numerusform>Looked up %n of {total} paper(s)…</numerusform>
                <numerusform>Looked up %n of {total} paper(s)…</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n sure match(es), ticked</source>
            <translation>
                <numerusform>%n sure match, ticked</numerusform>
                <numerusform>%n sure matches, ticked</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n to choose</source>
            <translation>
                <numerusform>%n to choose</numerusform>
                <numerusform>%n to choose</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n not found</source>
            <translation>
                <numerusform>%n not found</numerusform>
                <numerusform>%n not found</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Stopped after %n of {total} paper(s): </source>
            <translation>
                <numerusform>Stopped after %n of {total} paper(s): </numerusform>
                <numerusform>Stopped after %n of {total} paper(s): </numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n candidate(s): choose</source>
            <translation>
                <numerusform>%n candidate: choose</numerusform>
                <numerusform>%n candidates: choose</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>DuplicatesPanel</name>
        <message numerus="yes">
            <source>%n pair(s) of papers look like one paper. Compare a pair to choose what a merge keeps, or settle them all at once.</source>
            <translation>
                <numerusform>%n pair of papers looks like one paper. Compare it to choose what a merge keeps, or settle it at once.</numerusform>
                <numerusform>%n pairs of papers look like one paper. Compare a pair to choose what a merge keeps, or settle them all at once.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Merge %n paper(s) into the oldest paper of their group? Fields empty in the kept paper are filled from the others, their notes, tags and lists move over, and they go to the trash. Undo takes it all back.</source>
            <translation>
                <numerusform>Merge %n paper into the oldest paper of its group? Fields empty in the kept paper are filled from it, its notes, tags and lists move over, and it goes to the trash. Undo takes it all back.</numerusform>
                <numerusform>Merge %n papers into the oldest paper of their group? Fields empty in the kept paper are filled from the others, their notes, tags and lists move over, and they go to the trash. Undo takes it all back.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Settling %n pair(s)…</source>
            <translation>
                <numerusform>Settling %n pair…</numerusform>
                <numerusform>Settling %n pairs…</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Editing</name>
        <message numerus="yes">
            <source>Tag the %n selected paper(s) with:</source>
            <translation>
                <numerusform>Tag the %n selected paper with:</numerusform>
                <numerusform>Tag the %n selected papers with:</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>The reading list for the %n selected paper(s):</source>
            <translation>
                <numerusform>The reading list for the %n selected paper:</numerusform>
                <numerusform>The reading list for the %n selected papers:</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ExportFlow</name>
        <message numerus="yes">
            <source>Exporting %Ln paper(s) to {file}…</source>
            <translation>
                <numerusform>Exporting %Ln paper to {file}…</numerusform>
                <numerusform>Exporting %Ln papers to {file}…</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ExportOptions</name>
        <message numerus="yes">
            <source>%Ln character(s) have no LaTeX spelling and were written as UTF-8 (for example {examples}): the file is not ASCII there.</source>
            <translation>
                <numerusform>%Ln character has no LaTeX spelling and was written as UTF-8 (for example {examples}): the file is not ASCII there.</numerusform>
                <numerusform>%Ln characters have no LaTeX spelling and were written as UTF-8 (for example {examples}): the file is not ASCII there.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ImportProblemsPanel</name>
        <message numerus="yes">
            <source>Forget every problem, with the %n entry(ies) that could not be read? Their text is not imported.</source>
            <translation>
                <numerusform>Forget every problem, with the %n entry that could not be read? Its text is not imported.</numerusform>
                <numerusform>Forget every problem, with the %n entries that could not be read? Their text is not imported.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n entry(ies) could not be read</source>
            <translation>
                <numerusform>%n entry could not be read</numerusform>
                <numerusform>%n entries could not be read</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n warning(s)</source>
            <translation>
                <numerusform>%n warning</numerusform>
                <numerusform>%n warnings</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ImportReport</name>
        <message numerus="yes">
            <source>Imported %Ln paper(s)</source>
            <translation>
                <numerusform>Imported %Ln paper</numerusform>
                <numerusform>Imported %Ln papers</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln already in your library</source>
            <translation>
                <numerusform>%Ln already in your library</numerusform>
                <numerusform>%Ln already in your library</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln PDF(s) attached to papers you had</source>
            <translation>
                <numerusform>%Ln PDF attached to a paper you had</numerusform>
                <numerusform>%Ln PDFs attached to papers you had</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln may be duplicates of papers you had</source>
            <translation>
                <numerusform>%Ln may be a duplicate of a paper you had</numerusform>
                <numerusform>%Ln may be duplicates of papers you had</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln entries could not be read</source>
            <translation>
                <numerusform>%Ln entry could not be read</numerusform>
                <numerusform>%Ln entries could not be read</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln warning(s)</source>
            <translation>
                <numerusform>%Ln warning</numerusform>
                <numerusform>%Ln warnings</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ImportReportDialog</name>
        <message numerus="yes">
            <source>%n imported paper(s) have no title. Papershelf can find their titles and identifiers on arXiv and Crossref (about a minute for 20 papers).</source>
            <translation>
                <numerusform>%n imported paper has no title. Papershelf can find its title and identifiers on arXiv and Crossref (about a minute for 20 papers).</numerusform>
                <numerusform>%n imported papers have no title. Papershelf can find their titles and identifiers on arXiv and Crossref (about a minute for 20 papers).</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message numerus="yes">
            <source>Imported %Ln paper(s).</source>
            <translation>
                <numerusform>Imported %Ln paper.</numerusform>
                <numerusform>Imported %Ln papers.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln possible duplicate(s)</source>
            <translation>
                <numerusform>%Ln possible duplicate</numerusform>
                <numerusform>%Ln possible duplicates</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln annotation(s)</source>
            <translation>
                <numerusform>%Ln annotation</numerusform>
                <numerusform>%Ln annotations</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln import problem(s)</source>
            <translation>
                <numerusform>%Ln import problem</numerusform>
                <numerusform>%Ln import problems</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln paper(s) shown</source>
            <translation>
                <numerusform>%Ln paper shown</numerusform>
                <numerusform>%Ln papers shown</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Exported %Ln paper(s) to {path}.</source>
            <translation>
                <numerusform>Exported %Ln paper to {path}.</numerusform>
                <numerusform>Exported %Ln papers to {path}.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Organiser</name>
        <message numerus="yes">
            <source>Delete the %Ln paper(s) in the trash for good, with their notes and the copies of their files in the library's files folder (and the copies of removed attachments)? Linked files stay where they are. This cannot be undone.</source>
            <translation>
                <numerusform>Delete the %Ln paper in the trash for good, with its notes and the copies of its files in the library's files folder (and the copies of removed attachments)? Linked files stay where they are. This cannot be undone.</numerusform>
                <numerusform>Delete the %Ln papers in the trash for good, with their notes and the copies of their files in the library's files folder (and the copies of removed attachments)? Linked files stay where they are. This cannot be undone.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>PaperMime</name>
        <message numerus="yes">
            <source>%n paper(s)</source>
            <translation>
                <numerusform>%n paper</numerusform>
                <numerusform>%n papers</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>PaperTableModel</name>
        <message numerus="yes">
            <source>%n file(s) attached</source>
            <translation>
                <numerusform>%n file attached</numerusform>
                <numerusform>%n files attached</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>SearchBar</name>
        <message numerus="yes">
            <source>≈ %n nearest (no exact match)</source>
            <translation>
                <numerusform>≈ %n nearest (no exact match)</numerusform>
                <numerusform>≈ %n nearest (no exact match)</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln paper(s)</source>
            <translation>
                <numerusform>%Ln paper</numerusform>
                <numerusform>%Ln papers</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>SelectionSummary</name>
        <message numerus="yes">
            <source>%n paper(s) selected</source>
            <translation>
                <numerusform>%n paper selected</numerusform>
                <numerusform>%n papers selected</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>SetField</name>
        <message numerus="yes">
            <source>The value is given to the %n selected paper(s); one undo takes it back.</source>
            <translation>
                <numerusform>The value is given to the %n selected paper; one undo takes it back.</numerusform>
                <numerusform>The value is given to the %n selected papers; one undo takes it back.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Transfers</name>
        <message numerus="yes">
            <source>Added %Ln sample paper(s).</source>
            <translation>
                <numerusform>Added %Ln sample paper.</numerusform>
                <numerusform>Added %Ln sample papers.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>TrashEmptying</name>
        <message numerus="yes">
            <source>Deleting %Ln paper(s) for good…</source>
            <translation>
                <numerusform>Deleting %Ln paper for good…</numerusform>
                <numerusform>Deleting %Ln papers for good…</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Stopped after deleting %Ln paper(s) for good. Still in the trash: {left}.</source>
            <translation>
                <numerusform>Stopped after deleting %Ln paper for good. Still in the trash: {left}.</numerusform>
                <numerusform>Stopped after deleting %Ln papers for good. Still in the trash: {left}.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Deleted %Ln paper(s) for good.</source>
            <translation>
                <numerusform>Deleted %Ln paper for good.</numerusform>
                <numerusform>Deleted %Ln papers for good.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>UndoCommands</name>
        <message numerus="yes">
            <source>Restore %Ln paper(s)</source>
            <translation>
                <numerusform>Restore %Ln paper</numerusform>
                <numerusform>Restore %Ln papers</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Move %Ln paper(s) to the trash</source>
            <translation>
                <numerusform>Move %Ln paper to the trash</numerusform>
                <numerusform>Move %Ln papers to the trash</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Merge %n duplicate(s)</source>
            <translation>
                <numerusform>Merge %n duplicate</numerusform>
                <numerusform>Merge %n duplicates</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Keep %n pair(s) as different papers</source>
            <translation>
                <numerusform>Keep %n pair as different papers</numerusform>
                <numerusform>Keep %n pairs as different papers</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Fill in %Ln paper(s) from arXiv and Crossref</source>
            <translation>
                <numerusform>Fill in %Ln paper from arXiv and Crossref</numerusform>
                <numerusform>Fill in %Ln papers from arXiv and Crossref</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Attach %n file(s)</source>
            <translation>
                <numerusform>Attach %n file</numerusform>
                <numerusform>Attach %n files</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>WindowFiles</name>
        <message numerus="yes">
            <source>Attached %n file(s) to the paper.</source>
            <translation>
                <numerusform>Attached %n file to the paper.</numerusform>
                <numerusform>Attached %n files to the paper.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{folder} already holds %n PDF(s). Bring them in too? Those already in your library are recognised and not added again.</source>
            <translation>
                <numerusform>{folder} already holds %n PDF. Bring it in too? A PDF already in your library is recognised and not added again.</numerusform>
                <numerusform>{folder} already holds %n PDFs. Bring them in too? Those already in your library are recognised and not added again.</numerusform>
            </translation>
        </message>
    </context>
</TS>
