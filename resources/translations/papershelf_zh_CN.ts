<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>AbstractView</name>
        <message>
            <source>Abstract</source>
            <extracomment>The user asked to annotate abstract[start:end]. The user asked to edit or delete an annotation (by id).</extracomment>
            <translation>摘要</translation>
        </message>
        <message>
            <source>Annotate selection</source>
            <translation>批注所选文字</translation>
        </message>
        <message>
            <source>Select words in the abstract, then press this (Ctrl+Shift+A) to write a note on them</source>
            <translation>在摘要中选中文字，再按此按钮（Ctrl+Shift+A）为其写批注</translation>
        </message>
        <message>
            <source>Delete</source>
            <translation>删除</translation>
        </message>
        <message>
            <source>Delete the selected annotation</source>
            <translation>删除所选批注</translation>
        </message>
        <message>
            <source>Annotations</source>
            <translation>批注</translation>
        </message>
        <message>
            <source>This paper has no abstract to annotate.</source>
            <translation>这篇文献没有可供批注的摘要。</translation>
        </message>
        <message>
            <source>Double-click to edit the note</source>
            <translation>双击编辑批注内容</translation>
        </message>
    </context>
    <context>
        <name>AnnotationsPanel</name>
        <message>
            <source>Annotations</source>
            <extracomment>A quote longer than this is shortened in the list (whole in the tooltip and a copy). Show this annotation in its paper: (paper id, annotation id).</extracomment>
            <translation>批注</translation>
        </message>
        <message>
            <source>Show in Paper</source>
            <translation>在文献中显示</translation>
        </message>
        <message>
            <source>Open the paper at this annotation (Enter)</source>
            <translation>打开文献并定位到此批注（Enter）</translation>
        </message>
        <message>
            <source>Copy</source>
            <translation>复制</translation>
        </message>
        <message>
            <source>Copy the selected annotations with their papers, as Markdown (Ctrl+C)</source>
            <translation>以 Markdown 格式复制所选批注及其文献（Ctrl+C）</translation>
        </message>
        <message>
            <source>No annotations yet. Select words in a paper's abstract and press Annotate selection to write a note on them.</source>
            <translation>还没有批注。在文献摘要中选择文字，然后点击“批注所选文字”即可为其写下笔记。</translation>
        </message>
        <message>
            <source>Untitled paper</source>
            <translation>无标题文献</translation>
        </message>
        <message>
            <source>— in {paper}</source>
            <translation>—— 出自 {paper}</translation>
        </message>
    </context>
    <context>
        <name>AuxList</name>
        <message>
            <source>New List from a LaTeX Document</source>
            <translation>从 LaTeX 文档新建阅读列表</translation>
        </message>
        <message>
            <source>LaTeX .aux files (*.aux)</source>
            <translation>LaTeX .aux 文件 (*.aux)</translation>
        </message>
        <message>
            <source>Name of the new list:</source>
            <translation>新阅读列表的名称：</translation>
        </message>
        <message numerus="yes">
            <source>The list “{name}” holds the %Ln cited paper(s) of the library.</source>
            <translation>
                <numerusform>阅读列表“{name}”收录了文献库中被引用的 %Ln 篇文献。</numerusform>
            </translation>
        </message>
        <message>
            <source>These cited keys are not in the library: {keys}.</source>
            <translation>以下引用键不在文献库中：{keys}。</translation>
        </message>
    </context>
    <context>
        <name>BibliographyExport</name>
        <message>
            <source>Web page (*.html *.htm)</source>
            <translation>网页 (*.html *.htm)</translation>
        </message>
        <message>
            <source>Markdown (*.md)</source>
            <translation>Markdown (*.md)</translation>
        </message>
        <message>
            <source>Plain text (*.txt)</source>
            <translation>纯文本 (*.txt)</translation>
        </message>
        <message>
            <source>Export as formatted bibliography</source>
            <translation>导出为格式化参考文献</translation>
        </message>
        <message numerus="yes">
            <source>Wrote %Ln reference(s) to {file}.</source>
            <translation>
                <numerusform>已将 %Ln 条参考文献写入 {file}。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Formatting %Ln reference(s) for {file}…</source>
            <translation>
                <numerusform>正在为 {file} 排版 %Ln 条参考文献…</numerusform>
            </translation>
        </message>
        <message>
            <source>{done} of {total} references formatted for {file}…</source>
            <translation>已为 {file} 排版 {done} / {total} 条参考文献…</translation>
        </message>
        <message>
            <source>Export</source>
            <extracomment>The references were written: how many, and the file (for the window to tell).</extracomment>
            <translation>导出</translation>
        </message>
        <message>
            <source>These papers could not be formatted in the citation style chosen; try another style (Edit &gt; Citation Style…).</source>
            <translation>无法以所选引文格式排版这些文献；请换一种格式试试（编辑 &gt; 引文格式…）。</translation>
        </message>
    </context>
    <context>
        <name>CitationPreview</name>
        <message>
            <source>The reference in the citation style chosen (Edit menu)</source>
            <translation>以所选引文格式排版的参考文献（编辑菜单）</translation>
        </message>
        <message>
            <source>The style {style} writes no reference list.</source>
            <translation>格式 {style} 不生成参考文献列表。</translation>
        </message>
        <message>
            <source>This paper could not be formatted in the style {style}.</source>
            <translation>无法以格式 {style} 排版这篇文献。</translation>
        </message>
    </context>
    <context>
        <name>Citations</name>
        <message>
            <source>Citation Style</source>
            <extracomment>Where the chosen style is remembered in the window's settings. Offered first when choosing; any other style id or a .csl path can be typed.</extracomment>
            <translation>引文格式</translation>
        </message>
        <message>
            <source>Style for “Copy as Citation” and “Copy Bibliography” (a CSL style id, or the path of a .csl file):</source>
            <translation>“复制为引文”和“复制参考文献表”所用的样式（CSL 样式 ID，或 .csl 文件的路径）：</translation>
        </message>
        <message>
            <source>Copied the in-text citation in the style {style}.</source>
            <translation>已按 {style} 样式复制文内引文。</translation>
        </message>
        <message numerus="yes">
            <source>Copied %Ln reference(s) in the style {style}.</source>
            <translation>
                <numerusform>已按 {style} 格式复制 %Ln 条参考文献。</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ClipboardCopy</name>
        <message numerus="yes">
            <source>Copying the BibTeX of %Ln paper(s)…</source>
            <translation>
                <numerusform>正在复制 %Ln 篇文献的 BibTeX…</numerusform>
            </translation>
        </message>
        <message>
            <source>Copy</source>
            <translation>复制</translation>
        </message>
        <message numerus="yes">
            <source>Formatting %Ln reference(s) to copy…</source>
            <translation>
                <numerusform>正在排版要复制的 %Ln 条参考文献…</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Formatting the in-text citation of %Ln paper(s) to copy…</source>
            <translation>
                <numerusform>正在排版要复制的 %Ln 篇文献的文内引文…</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Copied the BibTeX of %Ln paper(s).</source>
            <translation>
                <numerusform>已复制 %Ln 篇文献的 BibTeX。</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ComparePapers</name>
        <message>
            <source>Citation key</source>
            <extracomment>Labels of the fields a paper has a column for; imported ones are named as the form names them.</extracomment>
            <translation>引用键</translation>
        </message>
        <message>
            <source>Authors</source>
            <translation>作者</translation>
        </message>
        <message>
            <source>Editors</source>
            <translation>编者</translation>
        </message>
        <message>
            <source>Type</source>
            <translation>类型</translation>
        </message>
        <message>
            <source>Title</source>
            <translation>标题</translation>
        </message>
        <message>
            <source>Year</source>
            <translation>年份</translation>
        </message>
        <message>
            <source>Month</source>
            <translation>月份</translation>
        </message>
        <message>
            <source>Abstract</source>
            <translation>摘要</translation>
        </message>
        <message>
            <source>Journal</source>
            <translation>期刊</translation>
        </message>
        <message>
            <source>Book title</source>
            <translation>书名</translation>
        </message>
        <message>
            <source>Publisher</source>
            <translation>出版者</translation>
        </message>
        <message>
            <source>Volume</source>
            <translation>卷</translation>
        </message>
        <message>
            <source>Number</source>
            <translation>期</translation>
        </message>
        <message>
            <source>Pages</source>
            <translation>页码</translation>
        </message>
        <message>
            <source>DOI</source>
            <translation>DOI</translation>
        </message>
        <message>
            <source>arXiv id</source>
            <translation>arXiv 编号</translation>
        </message>
        <message>
            <source>URL</source>
            <translation>网址</translation>
        </message>
        <message>
            <source>Topic</source>
            <translation>主题</translation>
        </message>
        <message numerus="yes">
            <source>%n field(s) differ (marked). Choose the value to keep in each; the paper on the left is kept, with the notes, files, tags and lists of both, and the other goes to the trash.</source>
            <translation>
                <numerusform>有 %n 个字段不同（已标出）。请为每个字段选择要保留的值；左边的文献会被保留，并带上两篇文献的笔记、文件、标签和列表，另一篇移到回收站。</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ComparePapersDialog</name>
        <message>
            <source>Compare possible duplicates</source>
            <extracomment>Longer values are cut in the grid (the tooltip holds them whole).</extracomment>
            <translation>比较可能重复的文献</translation>
        </message>
        <message>
            <source>Keep the other paper instead</source>
            <translation>改为保留另一篇</translation>
        </message>
        <message>
            <source>The paper kept holds the merge; the other goes to the trash</source>
            <translation>合并结果存入保留的文献；另一篇移到回收站</translation>
        </message>
        <message>
            <source>Merge</source>
            <translation>合并</translation>
        </message>
        <message>
            <source>Not duplicates</source>
            <translation>不是重复</translation>
        </message>
        <message>
            <source>They are different papers: keep both and do not offer them again</source>
            <translation>这是两篇不同的文献：两篇都保留，以后不再提示</translation>
        </message>
        <message>
            <source>Decide later</source>
            <translation>以后再决定</translation>
        </message>
        <message>
            <source>Field</source>
            <translation>字段</translation>
        </message>
        <message>
            <source>Kept: {key}, added {date}</source>
            <translation>保留：{key}，添加于 {date}</translation>
        </message>
        <message>
            <source>Other: {key}, added {date}</source>
            <translation>另一篇：{key}，添加于 {date}</translation>
        </message>
        <message>
            <source>{field} (differs)</source>
            <translation>{field}（不同）</translation>
        </message>
        <message>
            <source>(empty)</source>
            <translation>（空）</translation>
        </message>
    </context>
    <context>
        <name>Completer</name>
        <message>
            <source>Find Missing Titles and Identifiers…</source>
            <translation>查找缺失的标题和标识符…</translation>
        </message>
        <message>
            <source>Look papers up on arXiv and Crossref by their authors and abstract: the selected ones, else those of the list shown, else every untitled paper</source>
            <translation>按作者和摘要在 arXiv 和 Crossref 上查找文献：选中的文献；未选中时为当前列表中的文献；否则为所有无标题的文献</translation>
        </message>
        <message>
            <source>Every paper has a title.</source>
            <translation>每篇文献都有标题。</translation>
        </message>
    </context>
    <context>
        <name>Completion</name>
        <message>
            <source>Title</source>
            <extracomment>Candidates shown side by side (the rest are rarely the paper).</extracomment>
            <translation>标题</translation>
        </message>
        <message>
            <source>Authors</source>
            <translation>作者</translation>
        </message>
        <message>
            <source>Year</source>
            <translation>年份</translation>
        </message>
        <message>
            <source>Journal</source>
            <translation>期刊</translation>
        </message>
        <message>
            <source>Proceedings</source>
            <translation>会议文献集</translation>
        </message>
        <message>
            <source>DOI</source>
            <translation>DOI</translation>
        </message>
        <message>
            <source>arXiv id</source>
            <translation>arXiv 编号</translation>
        </message>
        <message>
            <source>Entry type</source>
            <translation>条目类型</translation>
        </message>
        <message>
            <source>Abstract</source>
            <translation>摘要</translation>
        </message>
        <message>
            <source>Evidence</source>
            <translation>依据</translation>
        </message>
        <message>
            <source>Found at</source>
            <translation>来源</translation>
        </message>
        <message>
            <source>no abstract to compare</source>
            <translation>没有可比较的摘要</translation>
        </message>
        <message>
            <source>abstract {percent}% alike</source>
            <translation>摘要相似度 {percent}%</translation>
        </message>
        <message>
            <source>{matched} of {total} authors in order</source>
            <translation>{total} 位作者中 {matched} 位顺序一致</translation>
        </message>
        <message>
            <source>score {score}</source>
            <translation>得分 {score}</translation>
        </message>
    </context>
    <context>
        <name>CompletionDialog</name>
        <message>
            <source>Find missing titles and identifiers</source>
            <extracomment>Per paper: the index of the chosen candidate (None: none of them). Per paper: the fields holding a value that the user chose to replace.</extracomment>
            <translation>查找缺失的标题和标识符</translation>
        </message>
        <message>
            <source>Papershelf looks each paper up on arXiv and Crossref by its authors and abstract. arXiv allows one search every three seconds, so this takes about a minute for 20 papers. Nothing changes until you choose Fill in.</source>
            <translation>Papershelf 按作者和摘要在 arXiv 和 Crossref 上查找每篇文献。arXiv 每三秒只允许一次检索，因此 20 篇文献大约需要一分钟。在您点击“填入”之前不会有任何改动。</translation>
        </message>
        <message numerus="yes">
            <source>%n paper(s) to look up: about {minutes} minute(s).</source>
            <translation>
                <numerusform>待查找 %n 篇文献：大约 {minutes} 分钟。</numerusform>
            </translation>
        </message>
        <message>
            <source>name@example.org (optional)</source>
            <translation>name@example.org（可选）</translation>
        </message>
        <message>
            <source>Your e-mail address for Crossref:</source>
            <translation>提供给 Crossref 的电子邮箱：</translation>
        </message>
        <message>
            <source>Paper</source>
            <translation>文献</translation>
        </message>
        <message>
            <source>Found</source>
            <translation>查找结果</translation>
        </message>
        <message>
            <source>This paper is:</source>
            <translation>这篇文献是：</translation>
        </message>
        <message>
            <source>Look up</source>
            <translation>查找</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>Fill in</source>
            <translation>填入</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>关闭</translation>
        </message>
        <message>
            <source>Looking up…</source>
            <translation>正在查找…</translation>
        </message>
        <message>
            <source>Stopping after this paper…</source>
            <translation>查完这篇文献后停止…</translation>
        </message>
        <message numerus="yes">
            <source>Looked up %n of {total} paper(s)…</source>
            <translation>
                <numerusform>已查找 {total} 篇文献中的 %n 篇…</numerusform>
            </translation>
        </message>
        <message>
            <source>{sentence} Nothing was changed.</source>
            <translation>{sentence} 没有做任何改动。</translation>
        </message>
        <message numerus="yes">
            <source>%n sure match(es), ticked</source>
            <translation>
                <numerusform>%n 个确定匹配（已勾选）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n to choose</source>
            <translation>
                <numerusform>%n 个待选择</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n not found</source>
            <translation>
                <numerusform>%n 个未找到</numerusform>
            </translation>
        </message>
        <message>
            <source>; </source>
            <translation>；</translation>
        </message>
        <message>
            <source>.</source>
            <translation>。</translation>
        </message>
        <message numerus="yes">
            <source>Stopped after %n of {total} paper(s): </source>
            <translation>
                <numerusform>在 {total} 篇文献中查找了 %n 篇后停止：</numerusform>
            </translation>
        </message>
        <message>
            <source>Nothing found</source>
            <translation>未找到</translation>
        </message>
        <message>
            <source>Sure match</source>
            <translation>确定匹配</translation>
        </message>
        <message numerus="yes">
            <source>%n candidate(s): choose</source>
            <translation>
                <numerusform>%n 个候选：请选择</numerusform>
            </translation>
        </message>
        <message>
            <source>This paper</source>
            <translation>这篇文献</translation>
        </message>
        <message>
            <source>Candidate {number}</source>
            <translation>候选 {number}</translation>
        </message>
        <message>
            <source>(untitled)</source>
            <translation>（无标题）</translation>
        </message>
        <message>
            <source>Candidate {number}: {title}</source>
            <translation>候选 {number}：{title}</translation>
        </message>
        <message>
            <source>None of them: leave the paper as it is</source>
            <translation>都不是：保持文献原样</translation>
        </message>
        <message>
            <source>(no abstract)</source>
            <translation>（无摘要）</translation>
        </message>
        <message>
            <source>Replace your {field} “{have}” with “{proposed}”</source>
            <translation>将您的{field}“{have}”替换为“{proposed}”</translation>
        </message>
    </context>
    <context>
        <name>CrashReporter</name>
        <message>
            <source>Something went wrong inside Papershelf. Your library is safe, and you can keep working. The details were written to {log}; please send that file with a bug report.</source>
            <extracomment>Shows a sentence to the user: (sentence) -&gt; None.</extracomment>
            <translation>Papershelf 内部出了问题。您的文献库安然无恙，可以继续使用。详细信息已写入 {log}；报告问题时请附上该文件。</translation>
        </message>
    </context>
    <context>
        <name>DetailPane</name>
        <message>
            <source>Reload their version</source>
            <extracomment>The answers to a collision (translated where asked).</extracomment>
            <translation>重新载入对方的版本</translation>
        </message>
        <message>
            <source>Save mine over theirs</source>
            <translation>用我的修改覆盖对方的</translation>
        </message>
        <message>
            <source>The paper's keywords; search them with keyword:, edit them under Details</source>
            <extracomment>Read an attached PDF in Papershelf: (attachment id, page index or -1: the last read). The version the form's edits are based on (kept old after a collision).</extracomment>
            <translation>文献的关键词；可用 keyword: 搜索，在“详细信息”中编辑</translation>
        </message>
        <message>
            <source>Abstract</source>
            <translation>摘要</translation>
        </message>
        <message>
            <source>Notes</source>
            <translation>笔记</translation>
        </message>
        <message>
            <source>Details</source>
            <translation>详细信息</translation>
        </message>
        <message>
            <source>Links</source>
            <translation>链接</translation>
        </message>
        <message>
            <source>Select a paper to see its details, abstract and notes.</source>
            <translation>选择一篇文献，查看其详细信息、摘要和笔记。</translation>
        </message>
        <message>
            <source>Untitled paper</source>
            <translation>无标题文献</translation>
        </message>
        <message>
            <source> and {count} more</source>
            <translation> 等另外 {count} 人</translation>
        </message>
        <message>
            <source>Keywords: {keywords}</source>
            <translation>关键词：{keywords}</translation>
        </message>
        <message>
            <source>Changed by someone else</source>
            <translation>已被他人修改</translation>
        </message>
        <message>
            <source>Annotate</source>
            <translation>批注</translation>
        </message>
        <message>
            <source>Your note on the selected words:</source>
            <translation>您对所选文字的批注：</translation>
        </message>
        <message>
            <source>Annotation</source>
            <translation>批注</translation>
        </message>
        <message>
            <source>Your note:</source>
            <translation>您的批注：</translation>
        </message>
    </context>
    <context>
        <name>DuplicatesPanel</name>
        <message>
            <source>Possible duplicates</source>
            <extracomment>The number of pairs shown changed (the window's status bar tells it).</extracomment>
            <translation>可能重复</translation>
        </message>
        <message>
            <source>Paper</source>
            <translation>文献</translation>
        </message>
        <message>
            <source>Looks like</source>
            <translation>看起来像</translation>
        </message>
        <message>
            <source>Why they look alike</source>
            <translation>相似的原因</translation>
        </message>
        <message>
            <source>Compare and merge…</source>
            <translation>比较并合并…</translation>
        </message>
        <message>
            <source>See both papers field by field and choose what the merge keeps</source>
            <translation>逐个字段查看两篇文献，并选择合并时保留的内容</translation>
        </message>
        <message>
            <source>Not duplicates</source>
            <translation>不是重复</translation>
        </message>
        <message>
            <source>The selected pairs are different papers: never offer them again</source>
            <translation>所选的每一对都是不同的文献：以后不再提示</translation>
        </message>
        <message>
            <source>Merge all</source>
            <translation>全部合并</translation>
        </message>
        <message>
            <source>Fold every group into its oldest paper; Undo takes it back in one step</source>
            <translation>把每一组合并到其中最早的文献；撤销一步即可全部恢复</translation>
        </message>
        <message>
            <source>Keep all</source>
            <translation>全部保留</translation>
        </message>
        <message>
            <source>Every pair listed is two different papers: never offer them again</source>
            <translation>列出的每一对都是不同的文献：以后不再提示</translation>
        </message>
        <message>
            <source>(untitled)</source>
            <extracomment>What is being written (said in the heading), "" when nothing is.</extracomment>
            <translation>（无标题）</translation>
        </message>
        <message>
            <source>Looking for possible duplicates…</source>
            <translation>正在查找可能重复的文献…</translation>
        </message>
        <message>
            <source>No possible duplicates: no two papers share a DOI, an arXiv id, or a title with the same first author and year.</source>
            <translation>没有可能重复的文献：没有两篇文献的 DOI 或 arXiv 编号相同，也没有两篇第一作者和年份相同且标题相近的文献。</translation>
        </message>
        <message numerus="yes">
            <source>%n pair(s) of papers look like one paper. Compare a pair to choose what a merge keeps, or settle them all at once.</source>
            <translation>
                <numerusform>有 %n 对文献看起来是同一篇。比较一对文献以选择合并时保留的内容，或一次处理全部。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Merge %n paper(s) into the oldest paper of their group? Fields empty in the kept paper are filled from the others, their notes, tags and lists move over, and they go to the trash. Undo takes it all back.</source>
            <translation>
                <numerusform>把 %n 篇文献合并到各组中最早的文献吗？保留的文献中为空的字段会由其他文献补上，它们的笔记、标签和列表会移过去，然后它们移到回收站。撤销可全部恢复。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Settling %n pair(s)…</source>
            <translation>
                <numerusform>正在处理 %n 对…</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Editing</name>
        <message>
            <source>New Paper…</source>
            <translation>新建文献…</translation>
        </message>
        <message>
            <source>Type in a paper, with every field of its entry type</source>
            <translation>手动录入一篇文献，含其条目类型的全部字段</translation>
        </message>
        <message>
            <source>Tag…</source>
            <translation>添加标签…</translation>
        </message>
        <message>
            <source>Put a tag on every selected paper</source>
            <translation>为每篇所选文献添加标签</translation>
        </message>
        <message>
            <source>Add to List…</source>
            <translation>添加到列表…</translation>
        </message>
        <message>
            <source>Put every selected paper in a reading list</source>
            <translation>将每篇所选文献放入阅读列表</translation>
        </message>
        <message>
            <source>Set Field…</source>
            <translation>设置字段…</translation>
        </message>
        <message>
            <source>Give every selected paper one value of a field, or clear it</source>
            <translation>为每篇所选文献设置某个字段的值，或将其清空</translation>
        </message>
        <message>
            <source>Added “{title}”.</source>
            <extracomment>What works on the selection only.</extracomment>
            <translation>已添加“{title}”。</translation>
        </message>
        <message>
            <source>Tag papers</source>
            <translation>添加标签</translation>
        </message>
        <message numerus="yes">
            <source>Tag the %n selected paper(s) with:</source>
            <translation>
                <numerusform>为所选的 %n 篇文献添加标签：</numerusform>
            </translation>
        </message>
        <message>
            <source>New list…</source>
            <translation>新建列表…</translation>
        </message>
        <message>
            <source>Add to list</source>
            <translation>添加到列表</translation>
        </message>
        <message numerus="yes">
            <source>The reading list for the %n selected paper(s):</source>
            <translation>
                <numerusform>为所选的 %n 篇文献选择阅读列表：</numerusform>
            </translation>
        </message>
        <message>
            <source>New reading list</source>
            <translation>新建阅读列表</translation>
        </message>
        <message>
            <source>Name of the new list:</source>
            <translation>新列表的名称：</translation>
        </message>
        <message>
            <source>Set {field}</source>
            <translation>设置{field}</translation>
        </message>
    </context>
    <context>
        <name>ExportFlow</name>
        <message>
            <source>Export papers</source>
            <translation>导出文献</translation>
        </message>
        <message numerus="yes">
            <source>Exporting %Ln paper(s) to {file}…</source>
            <translation>
                <numerusform>正在将 %Ln 篇文献导出到 {file}…</numerusform>
            </translation>
        </message>
        <message>
            <source>Export</source>
            <extracomment>The papers were written: how many, and the file (for the window to tell).</extracomment>
            <translation>导出</translation>
        </message>
        <message>
            <source>{done} of {total} entries written to {file}…</source>
            <translation>已写入 {file}：{done} / {total} 条</translation>
        </message>
    </context>
    <context>
        <name>ExportOptions</name>
        <message>
            <source>Export options</source>
            <translation>导出选项</translation>
        </message>
        <message>
            <source>Include the @preamble blocks of the files these papers came from</source>
            <translation>包含这些文献所属文件的 @preamble 块</translation>
        </message>
        <message>
            <source>Also export the crossref and xdata parents of these papers</source>
            <translation>同时导出这些文献的 crossref 和 xdata 父条目</translation>
        </message>
        <message>
            <source>ASCII only: LaTeX for every character it can spell</source>
            <translation>仅限 ASCII：能用 LaTeX 表示的字符都写成 LaTeX</translation>
        </message>
        <message>
            <source>Also write the fields only Papershelf reads (topic, and RIS and CSL-JSON fields kept as ris:…, csl:…)</source>
            <translation>同时写出只有 Papershelf 读取的字段（topic，以及以 ris:…、csl:… 保留的 RIS 和 CSL-JSON 字段）</translation>
        </message>
        <message>
            <source>bibtex and biber ignore these fields; keep them to bring the file back into Papershelf without losing anything</source>
            <translation>bibtex 和 biber 会忽略这些字段；保留它们，文件重新导入 Papershelf 时不会丢失任何内容</translation>
        </message>
        <message>
            <source>Without ASCII only, characters LaTeX has no faithful spelling for (Chinese, Japanese, Cyrillic…) are written as UTF-8. With it, those that cannot be spelled are still written as UTF-8, and you are told which.</source>
            <translation>不选“仅限 ASCII”时，LaTeX 无法忠实表示的字符（中文、日文、西里尔字母…）以 UTF-8 写出。选中后，无法表示的字符仍以 UTF-8 写出，并告诉您是哪些。</translation>
        </message>
        <message numerus="yes">
            <source>%Ln character(s) have no LaTeX spelling and were written as UTF-8 (for example {examples}): the file is not ASCII there.</source>
            <translation>
                <numerusform>%Ln 个字符没有 LaTeX 写法，已以 UTF-8 写出（例如 {examples}）：文件在这些地方不是 ASCII。</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>FieldLabels</name>
        <message>
            <source>Title</source>
            <translation>标题</translation>
        </message>
        <message>
            <source>Abstract</source>
            <translation>摘要</translation>
        </message>
        <message>
            <source>Keywords</source>
            <translation>关键词</translation>
        </message>
        <message>
            <source>Authors</source>
            <translation>作者</translation>
        </message>
        <message>
            <source>Editors</source>
            <translation>编者</translation>
        </message>
        <message>
            <source>Translator</source>
            <translation>译者</translation>
        </message>
        <message>
            <source>Year</source>
            <translation>年份</translation>
        </message>
        <message>
            <source>Month</source>
            <translation>月份</translation>
        </message>
        <message>
            <source>Journal</source>
            <translation>期刊</translation>
        </message>
        <message>
            <source>Book title</source>
            <translation>书名/会议录</translation>
        </message>
        <message>
            <source>Publisher</source>
            <translation>出版者</translation>
        </message>
        <message>
            <source>Place</source>
            <translation>出版地</translation>
        </message>
        <message>
            <source>University</source>
            <translation>大学</translation>
        </message>
        <message>
            <source>Institution</source>
            <translation>机构</translation>
        </message>
        <message>
            <source>Organisation</source>
            <translation>组织</translation>
        </message>
        <message>
            <source>How published</source>
            <translation>出版方式</translation>
        </message>
        <message>
            <source>Volume</source>
            <translation>卷</translation>
        </message>
        <message>
            <source>Number</source>
            <translation>期</translation>
        </message>
        <message>
            <source>Pages</source>
            <translation>页码</translation>
        </message>
        <message>
            <source>Number of pages</source>
            <translation>总页数</translation>
        </message>
        <message>
            <source>Chapter</source>
            <translation>章</translation>
        </message>
        <message>
            <source>Edition</source>
            <translation>版次</translation>
        </message>
        <message>
            <source>Series</source>
            <translation>丛书</translation>
        </message>
        <message>
            <source>Kind</source>
            <translation>类别</translation>
        </message>
        <message>
            <source>Event</source>
            <translation>会议名称</translation>
        </message>
        <message>
            <source>Version</source>
            <translation>版本</translation>
        </message>
        <message>
            <source>ISBN</source>
            <translation>ISBN</translation>
        </message>
        <message>
            <source>ISSN</source>
            <translation>ISSN</translation>
        </message>
        <message>
            <source>DOI</source>
            <translation>DOI</translation>
        </message>
        <message>
            <source>arXiv</source>
            <translation>arXiv</translation>
        </message>
        <message>
            <source>URL</source>
            <translation>网址</translation>
        </message>
        <message>
            <source>Accessed</source>
            <translation>访问日期</translation>
        </message>
        <message>
            <source>Language</source>
            <translation>语言</translation>
        </message>
        <message>
            <source>Note</source>
            <translation>附注</translation>
        </message>
        <message>
            <source>Topic</source>
            <translation>主题</translation>
        </message>
        <message>
            <source>Guessed from the PDF</source>
            <extracomment>Labels of the marks Papershelf keeps beside a paper's fields (never exported as such).</extracomment>
            <translation>从 PDF 推测</translation>
        </message>
        <message>
            <source>BibLaTeX: {biblatex} · CSL: {csl}</source>
            <translation>BibLaTeX：{biblatex} · CSL：{csl}</translation>
        </message>
    </context>
    <context>
        <name>FileTextStatus</name>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>Stop reading PDFs for now (they are read again at the next start)</source>
            <translation>暂停读取 PDF（下次启动时会继续读取）</translation>
        </message>
        <message>
            <source>Reading the text of PDFs: {done} of {total}</source>
            <translation>正在读取 PDF 文本：{done} / {total}</translation>
        </message>
    </context>
    <context>
        <name>History</name>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
    </context>
    <context>
        <name>ImportFlow</name>
        <message>
            <source>Importing {files}</source>
            <translation>正在导入 {files}</translation>
        </message>
        <message>
            <source>Import</source>
            <translation>导入</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
    </context>
    <context>
        <name>ImportProblemsPanel</name>
        <message>
            <source>Show warnings</source>
            <extracomment>Papers came in from a fixed entry (their ids), so the window can show them.</extracomment>
            <translation>显示警告</translation>
        </message>
        <message>
            <source>Warnings tell of values kept aside in entries that were imported</source>
            <translation>警告说明已导入的条目中有些值被另行保存</translation>
        </message>
        <message>
            <source>Import problems</source>
            <translation>导入问题</translation>
        </message>
        <message>
            <source>Kind</source>
            <translation>类别</translation>
        </message>
        <message>
            <source>File</source>
            <translation>文件</translation>
        </message>
        <message>
            <source>Line</source>
            <translation>行</translation>
        </message>
        <message>
            <source>Problem</source>
            <translation>问题</translation>
        </message>
        <message>
            <source>The text that could not be read appears here.</source>
            <translation>无法读取的文本显示在这里。</translation>
        </message>
        <message>
            <source>There is no text to correct here: the problem is with a file itself (a PDF), not with an entry in it. Fix or replace the file and import it again, or check the paper made from it, then dismiss the problem.</source>
            <translation>这里没有可修改的文本：问题出在文件本身（一个 PDF），而不是其中的某个条目。请修复或替换该文件后重新导入，或检查由它生成的文献，然后忽略此问题。</translation>
        </message>
        <message>
            <source>Import the corrected text</source>
            <translation>导入修改后的文本</translation>
        </message>
        <message>
            <source>Read the text above again; the selected problems go once it reads</source>
            <translation>重新读取上面的文本；读取成功后，所选问题即会消失</translation>
        </message>
        <message>
            <source>Forget the selected problems (nothing is imported)</source>
            <translation>忽略所选问题（不导入任何内容）</translation>
        </message>
        <message>
            <source>Dismiss all warnings</source>
            <translation>忽略所有警告</translation>
        </message>
        <message>
            <source>Dismiss all</source>
            <translation>全部忽略</translation>
        </message>
        <message>
            <source>Fix the entries, then import them again:</source>
            <translation>修改这些条目，然后重新导入：</translation>
        </message>
        <message>
            <source>Error</source>
            <translation>错误</translation>
        </message>
        <message>
            <source>Warning</source>
            <translation>警告</translation>
        </message>
        <message numerus="yes">
            <source>Forget every problem, with the %n entry(ies) that could not be read? Their text is not imported.</source>
            <translation>
                <numerusform>要忽略所有问题，包括 %n 个无法读取的条目吗？它们的文本不会被导入。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n entry(ies) could not be read</source>
            <translation>
                <numerusform>%n 个条目无法读取</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n warning(s)</source>
            <translation>
                <numerusform>%n 个警告</numerusform>
            </translation>
        </message>
        <message>
            <source>; </source>
            <comment>between the parts of the problems summary</comment>
            <translation>；</translation>
        </message>
        <message>
            <source>Dismiss</source>
            <translation>忽略</translation>
        </message>
        <message>
            <source>Every entry you imported was read. Nothing to fix here.</source>
            <translation>导入的所有条目均已读取，没有需要修正的内容。</translation>
        </message>
        <message>
            <source>No entry was found.</source>
            <translation>未找到任何条目。</translation>
        </message>
        <message>
            <source>The entry still cannot be read: {reason}</source>
            <translation>该条目仍无法读取：{reason}</translation>
        </message>
    </context>
    <context>
        <name>ImportReport</name>
        <message numerus="yes">
            <source>Imported %Ln paper(s)</source>
            <translation>
                <numerusform>已导入 %Ln 篇文献</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln already in your library</source>
            <translation>
                <numerusform>%Ln 篇已在文献库中</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln PDF(s) attached to papers you had</source>
            <translation>
                <numerusform>%Ln 个 PDF 已附加到已有文献</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln may be duplicates of papers you had</source>
            <translation>
                <numerusform>%Ln 篇可能与已有文献重复</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln entries could not be read</source>
            <translation>
                <numerusform>%Ln 个条目无法读取</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln warning(s)</source>
            <translation>
                <numerusform>%Ln 个警告</numerusform>
            </translation>
        </message>
        <message>
            <source>; </source>
            <comment>between the parts of the import summary</comment>
            <translation>；</translation>
        </message>
        <message>
            <source>.</source>
            <comment>at the end of the import summary</comment>
            <translation>。</translation>
        </message>
    </context>
    <context>
        <name>ImportReportDialog</name>
        <message>
            <source>Import finished</source>
            <extracomment>Merges go on the window's undo stack, so Ctrl+Z takes one back; the window's writes run through its operation runner. Without a window they run here.</extracomment>
            <translation>导入完成</translation>
        </message>
        <message>
            <source>Imported paper</source>
            <translation>新导入的文献</translation>
        </message>
        <message>
            <source>Paper you had</source>
            <translation>已有的文献</translation>
        </message>
        <message>
            <source>Why they look alike</source>
            <translation>相似之处</translation>
        </message>
        <message>
            <source>Compare…</source>
            <translation>比较…</translation>
        </message>
        <message>
            <source>See both papers field by field and choose what the merge keeps</source>
            <translation>逐个字段查看两篇文献，并选择合并时保留的内容</translation>
        </message>
        <message>
            <source>Merge into the paper I had</source>
            <translation>合并到已有文献</translation>
        </message>
        <message>
            <source>Fill its empty fields from the new one, then put the new one in the trash</source>
            <translation>用新文献补全已有文献的空白字段，然后将新文献移到回收站</translation>
        </message>
        <message>
            <source>Keep both</source>
            <translation>保留两篇</translation>
        </message>
        <message>
            <source>Not a duplicate</source>
            <translation>不是重复</translation>
        </message>
        <message>
            <source>They are different papers; do not ask about them again</source>
            <translation>这是两篇不同的文献；不再询问</translation>
        </message>
        <message>
            <source>File</source>
            <translation>文件</translation>
        </message>
        <message>
            <source>Line</source>
            <translation>行</translation>
        </message>
        <message>
            <source>Problem</source>
            <translation>问题</translation>
        </message>
        <message>
            <source>Kind</source>
            <translation>类别</translation>
        </message>
        <message>
            <source>Error</source>
            <translation>错误</translation>
        </message>
        <message>
            <source>Warning</source>
            <translation>警告</translation>
        </message>
        <message>
            <source>Likely duplicates ({count})</source>
            <translation>可能重复（{count}）</translation>
        </message>
        <message>
            <source>Problems ({count})</source>
            <translation>问题（{count}）</translation>
        </message>
        <message numerus="yes">
            <source>%n imported paper(s) have no title. Papershelf can find their titles and identifiers on arXiv and Crossref (about a minute for 20 papers).</source>
            <translation>
                <numerusform>导入的 %n 篇文献没有标题。Papershelf 可以在 arXiv 和 Crossref 上查找它们的标题和标识符（20 篇文献大约需要一分钟）。</numerusform>
            </translation>
        </message>
        <message>
            <source>Find Missing Titles and Identifiers…</source>
            <translation>查找缺失的标题和标识符…</translation>
        </message>
        <message>
            <source>(untitled)</source>
            <translation>（无标题）</translation>
        </message>
    </context>
    <context>
        <name>LinkOpener</name>
        <message>
            <source>a script</source>
            <translation>脚本</translation>
        </message>
        <message>
            <source>a program</source>
            <translation>程序</translation>
        </message>
        <message>
            <source>a Windows program</source>
            <translation>Windows 程序</translation>
        </message>
        <message>
            <source>a web page</source>
            <translation>网页</translation>
        </message>
        <message>
            <source>an SVG image, which can hold scripts</source>
            <translation>SVG 图像（可能含有脚本）</translation>
        </message>
        <message>
            <source>a Windows HTML application (a program)</source>
            <translation>Windows HTML 应用程序（一种程序）</translation>
        </message>
        <message>
            <source>a Java Web Start program</source>
            <translation>Java Web Start 程序</translation>
        </message>
        <message>
            <source>a Java program</source>
            <translation>Java 程序</translation>
        </message>
        <message>
            <source>a desktop launcher</source>
            <translation>桌面启动器</translation>
        </message>
        <message>
            <source>a “{scheme}:” link</source>
            <translation>“{scheme}:”链接</translation>
        </message>
        <message>
            <source>a file whose name ends in a space or a dot (which hides its real kind)</source>
            <translation>文件名以空格或句点结尾的文件（会掩盖其真实类型）</translation>
        </message>
        <message>
            <source>a file that does not exist</source>
            <translation>不存在的文件</translation>
        </message>
        <message>
            <source>a folder</source>
            <translation>文件夹</translation>
        </message>
        <message>
            <source>a script ({ending})</source>
            <translation>脚本（{ending}）</translation>
        </message>
        <message>
            <source>a program (the file may be run)</source>
            <translation>程序（该文件可能被运行）</translation>
        </message>
        <message>
            <source>a “{ending}” file</source>
            <translation>“{ending}”文件</translation>
        </message>
        <message>
            <source>a file with no ending to tell its kind</source>
            <translation>没有扩展名、无法判断类型的文件</translation>
        </message>
        <message>
            <source>Open this link?</source>
            <translation>打开此链接？</translation>
        </message>
        <message>
            <source>“{target}” is {kind}, not a web page or a document in your home folder. Opening it hands it to another program on your computer, which may run it. Open it anyway?</source>
            <translation>“{target}”是{kind}，不是网页，也不是您主文件夹中的文档。打开它会把它交给您电脑上的另一个程序，该程序可能会运行它。仍要打开吗？</translation>
        </message>
        <message>
            <source>No program on this computer is set to open “{target}”. Choose a default viewer for this kind of file in your system's settings; a PDF can also be read in Papershelf (Read).</source>
            <translation>这台电脑上没有设置可以打开“{target}”的程序。请在系统设置中为这类文件选择默认查看器；PDF 也可以在 Papershelf 中阅读（阅读）。</translation>
        </message>
    </context>
    <context>
        <name>LinksView</name>
        <message>
            <source>Links and files</source>
            <extracomment>On a file's row: "missing", "pdf" (present, can be read here) or "file". A web address or path to attach as it is (target, label). A file to attach: (path, link instead of copying). (attachment id, the file's new path). Read an attached PDF in Papershelf: (attachment id, page index or -1 for the last page read).</extracomment>
            <translation>链接和文件</translation>
        </message>
        <message>
            <source>Add file…</source>
            <translation>添加文件…</translation>
        </message>
        <message>
            <source>Copy a file (the PDF, slides, code…) into the library's files folder</source>
            <translation>把文件（PDF、幻灯片、代码…）复制到文献库的文件夹中</translation>
        </message>
        <message>
            <source>Link file…</source>
            <translation>链接文件…</translation>
        </message>
        <message>
            <source>Attach a file where it is, without copying it</source>
            <translation>附加文件但不复制，保留在原位置</translation>
        </message>
        <message>
            <source>Add link…</source>
            <translation>添加链接…</translation>
        </message>
        <message>
            <source>Attach a web address</source>
            <translation>附加网址</translation>
        </message>
        <message>
            <source>Read</source>
            <translation>阅读</translation>
        </message>
        <message>
            <source>Read the PDF here, beside the paper's notes</source>
            <translation>在这里阅读 PDF，旁边是文献的笔记</translation>
        </message>
        <message>
            <source>Relink…</source>
            <translation>重新链接…</translation>
        </message>
        <message>
            <source>Tell Papershelf where the file is now</source>
            <translation>告诉 Papershelf 文件现在在哪里</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>移除</translation>
        </message>
        <message>
            <source>Remove the selected attachment (a copy in the files folder goes to its trash; a linked file stays where it is)</source>
            <translation>移除所选附件（文件夹中的副本移入其回收站；链接的文件留在原处）</translation>
        </message>
        <message>
            <source>Where the searched words are in its files:</source>
            <translation>搜索词在其文件中的位置：</translation>
        </message>
        <message>
            <source>Places of the searched words</source>
            <translation>搜索词的位置</translation>
        </message>
        <message>
            <source>{label} — missing</source>
            <translation>{label} — 文件缺失</translation>
        </message>
        <message>
            <source>{target}
The file is not there: Relink… to say where it is now.</source>
            <translation>{target}
文件不在那里：请用“重新链接…”指出它现在的位置。</translation>
        </message>
        <message>
            <source>{target}
Double-click or Enter to open</source>
            <translation>{target}
双击或按回车键打开</translation>
        </message>
        <message>
            <source>Its words cannot be searched: {why}</source>
            <translation>无法检索其中的文字：{why}</translation>
        </message>
        <message>
            <source>p. {page}: {snippet}</source>
            <translation>第 {page} 页：{snippet}</translation>
        </message>
        <message>
            <source>“{target}” is not there any more. Use Relink… to say where it is now.</source>
            <translation>“{target}”已不在原处。请用“重新链接…”指出它现在的位置。</translation>
        </message>
        <message>
            <source>Attach files</source>
            <translation>附加文件</translation>
        </message>
        <message>
            <source>Link files</source>
            <translation>链接文件</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>所有文件 (*)</translation>
        </message>
        <message>
            <source>Add link</source>
            <translation>添加链接</translation>
        </message>
        <message>
            <source>Web address (https://…):</source>
            <translation>网址（https://…）：</translation>
        </message>
        <message>
            <source>Where is the file now?</source>
            <translation>文件现在在哪里？</translation>
        </message>
        <message>
            <source>Remove attachment</source>
            <translation>移除附件</translation>
        </message>
        <message>
            <source>Remove the link “{label}” from this paper?</source>
            <translation>从这篇文献移除链接“{label}”？</translation>
        </message>
        <message>
            <source>Remove “{label}” from this paper? Its copy in the library's files folder goes to that folder's trash: Undo brings it back. It is deleted for good when you empty the trash, or once Undo cannot reach it any more (at the latest when the window closes).</source>
            <translation>从这篇文献移除“{label}”？它在文献库文件夹中的副本会移入该文件夹的回收站：撤销即可恢复。清空回收站时，或撤销再也无法恢复它时（最晚在关闭窗口时），它会被永久删除。</translation>
        </message>
        <message>
            <source>Remove “{label}” from this paper? The file itself stays where it is: {path}</source>
            <translation>从这篇文献移除“{label}”？文件本身留在原处：{path}</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <source>{library} — Papershelf</source>
            <extracomment>The quick answer (titles, people...) ranks at most this many: enough to fill the table at once, where ranking every match of a one-letter prefix would cost more than a keystroke. It is shown as "100+ found" until the complete answer, which holds every match, follows. How long the window tells of a written export (and offers its folder). Up to this many edited papers are re-read one by one; more re-read the whole view. Change kinds after which the table's rows, or the sidebar's, may differ. Change kinds after which the annotations listed may differ. The table shows the hits of this query (tests and benchmarks wait for it). Every write from the window runs here, off the GUI thread, in order.</extracomment>
            <translation>{library} — Papershelf</translation>
        </message>
        <message>
            <source>Filter tags</source>
            <translation>筛选标签</translation>
        </message>
        <message>
            <source>No tag matches “{text}”.</source>
            <translation>没有与“{text}”匹配的标签。</translation>
        </message>
        <message numerus="yes">
            <source>Imported %Ln paper(s).</source>
            <translation>
                <numerusform>已导入 %Ln 篇文献。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln possible duplicate(s)</source>
            <translation>
                <numerusform>%Ln 对可能重复</numerusform>
            </translation>
        </message>
        <message>
            <source>Stop the import?</source>
            <translation>停止导入？</translation>
        </message>
        <message>
            <source>An import is still running. Stop it and close? Nothing of it is kept: the library stays as it was before the import.</source>
            <translation>导入仍在进行。要停止并关闭吗？已导入的部分不会保留：文献库将保持导入前的状态。</translation>
        </message>
        <message>
            <source>The library was changed elsewhere; showing the changes.</source>
            <translation>文献库已在别处被修改；正在显示这些修改。</translation>
        </message>
        <message numerus="yes">
            <source>%Ln annotation(s)</source>
            <translation>
                <numerusform>%Ln 条批注</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln import problem(s)</source>
            <translation>
                <numerusform>%Ln 个导入问题</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln paper(s) shown</source>
            <translation>
                <numerusform>显示 %Ln 篇文献</numerusform>
            </translation>
        </message>
        <message>
            <source>No papers match “{query}”.</source>
            <translation>没有与“{query}”匹配的文献。</translation>
        </message>
        <message>
            <source>No papers in this view match “{query}”.</source>
            <translation>此视图中没有与“{query}”匹配的文献。</translation>
        </message>
        <message numerus="yes">
            <source>Exported %Ln paper(s) to {path}.</source>
            <translation>
                <numerusform>已将 %Ln 篇文献导出到 {path}。</numerusform>
            </translation>
        </message>
        <message>
            <source>papers</source>
            <translation>文献</translation>
        </message>
    </context>
    <context>
        <name>Manuscript</name>
        <message>
            <source>Copy as Citation</source>
            <extracomment>Another citation style was chosen (the detail pane's preview follows it).</extracomment>
            <translation>复制为引文</translation>
        </message>
        <message>
            <source>Copy the in-text citation of the selected papers, in the style chosen</source>
            <translation>按所选样式复制所选论文的文内引文</translation>
        </message>
        <message>
            <source>Copy Bibliography</source>
            <translation>复制参考文献表</translation>
        </message>
        <message>
            <source>Copy the selected papers' references, in the citation style chosen</source>
            <translation>按所选引文样式复制所选论文的参考文献</translation>
        </message>
        <message>
            <source>Citation Style…</source>
            <translation>引文格式…</translation>
        </message>
        <message>
            <source>Choose the style of “Copy as Citation” (APA, IEEE, GB/T 7714…)</source>
            <translation>选择“复制为引文”的格式（APA、IEEE、GB/T 7714…）</translation>
        </message>
        <message>
            <source>Export as Formatted Bibliography…</source>
            <translation>导出为格式化参考文献…</translation>
        </message>
        <message>
            <source>Save the selected papers' references, in the citation style chosen, as a web page, Markdown or plain text</source>
            <translation>将所选文献的参考文献按所选引文格式保存为网页、Markdown 或纯文本</translation>
        </message>
        <message>
            <source>Export Papers Shown as Formatted Bibliography…</source>
            <translation>将显示的文献导出为格式化参考文献…</translation>
        </message>
        <message>
            <source>Save the references of every paper shown (this list, tag or search), in the citation style chosen, as a web page, Markdown or plain text</source>
            <translation>将显示的每篇文献（此列表、标签或检索结果）按所选引文样式保存为网页、Markdown 或纯文本</translation>
        </message>
        <message>
            <source>New List from LaTeX Document…</source>
            <extracomment>Copies of many papers' references run here, in the background.</extracomment>
            <translation>从 LaTeX 文档新建阅读列表…</translation>
        </message>
        <message>
            <source>Make a reading list of the papers a LaTeX document cites (its .aux)</source>
            <translation>用 LaTeX 文档（其 .aux 文件）所引用的文献新建阅读列表</translation>
        </message>
        <message>
            <source>bibliography</source>
            <translation>参考文献</translation>
        </message>
        <message>
            <source>Keep in Sync with a File…</source>
            <translation>与文件保持同步…</translation>
        </message>
        <message>
            <source> (stopped)</source>
            <translation>（已停止）</translation>
        </message>
        <message>
            <source>Kept in sync with {path}</source>
            <translation>与 {path} 保持同步</translation>
        </message>
        <message>
            <source>Why Syncing Stopped…</source>
            <translation>为何停止同步…</translation>
        </message>
        <message>
            <source>Syncing Stopped</source>
            <translation>同步已停止</translation>
        </message>
        <message>
            <source>Resume Syncing (keeps your version beside it)</source>
            <translation>恢复同步（您的版本另存在旁边）</translation>
        </message>
        <message>
            <source>Stop Keeping in Sync</source>
            <translation>停止同步</translation>
        </message>
        <message>
            <source>New List</source>
            <translation>新建阅读列表</translation>
        </message>
    </context>
    <context>
        <name>MetadataForm</name>
        <message>
            <source>Unread</source>
            <extracomment>Modelled text fields the form can show (the abstract is a box of several lines). Rows every paper has, above those of its type. Rows of several lines.</extracomment>
            <translation>未读</translation>
        </message>
        <message>
            <source>Reading</source>
            <translation>在读</translation>
        </message>
        <message>
            <source>Read</source>
            <translation>已读</translation>
        </message>
        <message>
            <source>The year “{year}” is not a year; write it as, e.g., 2019.</source>
            <translation>“{year}”不是有效的年份；请写成如 2019 的形式。</translation>
        </message>
        <message>
            <source>The month “{month}” is not a month; write its number, 1 to 12.</source>
            <translation>“{month}”不是月份；请写 1 到 12 的数字。</translation>
        </message>
        <message>
            <source>“{doi}” is not a DOI; a DOI looks like 10.1000/xyz123.</source>
            <translation>“{doi}”不是有效的 DOI；DOI 形如 10.1000/xyz123。</translation>
        </message>
        <message>
            <source>The citation key is fixed once made, so citations keep working.</source>
            <extracomment>{field: new value} ("authors" and "editors" hold lists of Person; a kept field is "extra:&lt;name&gt;") — valid values only. Rows below the fixed ones, in order, and those the user added by name. Every row made so far (label, field) by name, shown or not.</extracomment>
            <translation>引用键一经生成便不再改变，以免引用失效。</translation>
        </message>
        <message>
            <source>Copy the citation key</source>
            <translation>复制引用键</translation>
        </message>
        <message>
            <source>Copy citation key</source>
            <translation>复制引用键</translation>
        </message>
        <message>
            <source>Citation key</source>
            <translation>引用键</translation>
        </message>
        <message>
            <source>The fields offered below follow the type</source>
            <translation>下面列出的字段随类型而定</translation>
        </message>
        <message>
            <source>Type</source>
            <translation>类型</translation>
        </message>
        <message>
            <source>One author per line: Family, Given</source>
            <translation>每行一位作者：姓, 名</translation>
        </message>
        <message>
            <source>Add field…</source>
            <translation>添加字段…</translation>
        </message>
        <message>
            <source>Give this paper a field its type does not offer (e.g. isbn, note)</source>
            <translation>为这篇文献添加其类型没有的字段（如 isbn、note）</translation>
        </message>
        <message>
            <source>One keyword per line</source>
            <translation>每行一个关键词</translation>
        </message>
        <message>
            <source>One keyword per line, commas and all; search them with keyword:</source>
            <translation>每行一个关键词（关键词里可以有逗号）；可用 keyword: 搜索</translation>
        </message>
        <message>
            <source>One editor per line: Family, Given</source>
            <translation>每行一位编者：姓, 名</translation>
        </message>
        <message>
            <source>1 to 12</source>
            <translation>1 到 12</translation>
        </message>
        <message>
            <source>Add field</source>
            <translation>添加字段</translation>
        </message>
        <message>
            <source>Name of the field (e.g. isbn, note, series):</source>
            <translation>字段名称（如 isbn、note、series）：</translation>
        </message>
        <message>
            <source>e.g. 2019</source>
            <translation>如 2019</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>阅读状态</translation>
        </message>
        <message>
            <source>None</source>
            <translation>无</translation>
        </message>
        <message>
            <source>Priority</source>
            <translation>优先级</translation>
        </message>
    </context>
    <context>
        <name>NewPaperDialog</name>
        <message>
            <source>New Paper</source>
            <extracomment>The type a new paper starts as (the one most papers have).</extracomment>
            <translation>摘要</translation>
        </message>
        <message>
            <source>Made from the authors, year and title</source>
            <translation>由作者、年份和标题生成</translation>
        </message>
        <message>
            <source>Add Paper</source>
            <translation>添加文献</translation>
        </message>
        <message>
            <source>Give the paper a title.</source>
            <translation>请为文献填写标题。</translation>
        </message>
    </context>
    <context>
        <name>NotesEditor</name>
        <message>
            <source>Note</source>
            <translation>笔记</translation>
        </message>
        <message>
            <source>Start a new note on this paper</source>
            <translation>为这篇文献新建笔记</translation>
        </message>
        <message>
            <source>Delete this note</source>
            <translation>删除这条笔记</translation>
        </message>
        <message>
            <source>Preview</source>
            <translation>预览</translation>
        </message>
        <message>
            <source>Show the note rendered from its Markdown</source>
            <translation>显示笔记的 Markdown 渲染效果</translation>
        </message>
        <message>
            <source>Write notes in Markdown: **bold**, *italic*, - lists, [links](https://…).
They save themselves as you type.</source>
            <translation>用 Markdown 写笔记：**粗体**、*斜体*、- 列表、[链接](https://…)。
输入时自动保存。</translation>
        </message>
        <message>
            <source>(empty)</source>
            <translation>（空）</translation>
        </message>
        <message>
            <source>New note</source>
            <translation>新笔记</translation>
        </message>
        <message>
            <source>{number}. (new)</source>
            <translation>{number}.（新）</translation>
        </message>
        <message>
            <source>Delete note</source>
            <translation>删除笔记</translation>
        </message>
        <message>
            <source>Delete this note? This cannot be undone.</source>
            <translation>删除这条笔记？此操作无法撤销。</translation>
        </message>
        <message>
            <source>This paper was deleted from the library while you were writing, so the note could not be saved with it. Your text is on the clipboard: paste it into a note on another paper to keep it.</source>
            <translation>您书写期间，这篇文献已从文献库中删除，因此笔记无法随之保存。您的文字已复制到剪贴板：可粘贴到其他文献的笔记中保留。</translation>
        </message>
        <message>
            <source>Merge: their text, then mine</source>
            <translation>合并：先对方的内容，再我的</translation>
        </message>
        <message>
            <source>Save mine over theirs</source>
            <translation>用我的覆盖对方的</translation>
        </message>
        <message>
            <source>Keep both as two notes</source>
            <translation>两者都保留为两条笔记</translation>
        </message>
        <message>
            <source>Your text is kept whichever you choose (closing this keeps both notes).</source>
            <translation>无论选择哪一项，您的文字都会保留（关闭此窗口则两条笔记都保留）。</translation>
        </message>
        <message>
            <source>Note changed elsewhere</source>
            <translation>笔记已在别处被修改</translation>
        </message>
    </context>
    <context>
        <name>Organiser</name>
        <message>
            <source>Mark as Unread</source>
            <extracomment>The Paper menu's reading-status entries and their tips, by the status each sets.</extracomment>
            <translation>标记为未读</translation>
        </message>
        <message>
            <source>Mark as Reading</source>
            <translation>标记为在读</translation>
        </message>
        <message>
            <source>Mark as Read</source>
            <translation>标记为已读</translation>
        </message>
        <message>
            <source>Mark the selected papers as unread</source>
            <translation>将所选文献标记为未读</translation>
        </message>
        <message>
            <source>Mark the selected papers as reading</source>
            <translation>将所选文献标记为在读</translation>
        </message>
        <message>
            <source>Mark the selected papers as read</source>
            <translation>将所选文献标记为已读</translation>
        </message>
        <message>
            <source>Copy citation key</source>
            <translation>复制引用键</translation>
        </message>
        <message>
            <source>Copy the citation keys of the selected papers</source>
            <translation>复制所选文献的引用键</translation>
        </message>
        <message>
            <source>Move to Trash</source>
            <translation>移到回收站</translation>
        </message>
        <message>
            <source>Move the selected papers to the trash (undo with Ctrl+Z)</source>
            <translation>将所选文献移到回收站（可用 Ctrl+Z 撤销）</translation>
        </message>
        <message>
            <source>Restore from Trash</source>
            <translation>从回收站还原</translation>
        </message>
        <message>
            <source>Put the selected papers back in the library</source>
            <translation>将所选文献放回文献库</translation>
        </message>
        <message>
            <source>Empty Trash…</source>
            <translation>清空回收站…</translation>
        </message>
        <message>
            <source>Delete the papers in the trash for good</source>
            <translation>永久删除回收站中的文献</translation>
        </message>
        <message>
            <source>New Reading List…</source>
            <translation>新建阅读列表…</translation>
        </message>
        <message>
            <source>Create a reading list</source>
            <translation>创建阅读列表</translation>
        </message>
        <message>
            <source>Remove from This List</source>
            <translation>从此列表中移除</translation>
        </message>
        <message>
            <source>Take the selected papers out of this list (they stay in the library)</source>
            <translation>将所选文献移出此列表（文献仍保留在文献库中）</translation>
        </message>
        <message>
            <source>Move Up in List</source>
            <translation>在列表中上移</translation>
        </message>
        <message>
            <source>Move the selected papers up in this list</source>
            <translation>将所选文献在此列表中上移</translation>
        </message>
        <message>
            <source>Move Down in List</source>
            <translation>在列表中下移</translation>
        </message>
        <message>
            <source>Move the selected papers down in this list</source>
            <translation>将所选文献在此列表中下移</translation>
        </message>
        <message>
            <source>Sort by List Order</source>
            <translation>按列表顺序排列</translation>
        </message>
        <message>
            <source>Show this reading list in its own order</source>
            <translation>按阅读列表自身的顺序显示</translation>
        </message>
        <message>
            <source>Remove This Tag</source>
            <translation>移除此标签</translation>
        </message>
        <message>
            <source>Take this tag off the selected papers</source>
            <translation>从所选文献上移除此标签</translation>
        </message>
        <message>
            <source>Turn Keywords into Tags</source>
            <translation>将关键词转为标签</translation>
        </message>
        <message>
            <source>Tag each selected paper with its own keywords (undo takes them off)</source>
            <translation>用每篇所选文献自己的关键词为其加标签（撤销即可去掉）</translation>
        </message>
        <message>
            <source>Save Search…</source>
            <translation>保存检索…</translation>
        </message>
        <message>
            <source>Keep the search typed above in the sidebar, under a name</source>
            <translation>将上方输入的检索以一个名称保存在侧边栏中</translation>
        </message>
        <message>
            <source>Reading status</source>
            <translation>阅读状态</translation>
        </message>
        <message>
            <source>Priority</source>
            <translation>优先级</translation>
        </message>
        <message>
            <source>No priority</source>
            <extracomment>Indexed by the priority each sets, 0 (none) to 5. Their keys mean something else in a text field or the sidebar: table only.</extracomment>
            <translation>无优先级</translation>
        </message>
        <message>
            <source>Set the priority of the selection to {level}</source>
            <translation>将所选文献的优先级设为 {level}</translation>
        </message>
        <message>
            <source>Set priority</source>
            <translation>设置优先级</translation>
        </message>
        <message>
            <source>Empty Trash</source>
            <translation>清空回收站</translation>
        </message>
        <message numerus="yes">
            <source>Delete the %Ln paper(s) in the trash for good, with their notes and the copies of their files in the library's files folder (and the copies of removed attachments)? Linked files stay where they are. This cannot be undone.</source>
            <translation>
                <numerusform>永久删除回收站中的 %Ln 篇文献及其笔记，以及它们在文献库文件夹中的文件副本（还有已移除附件的副本）？链接的文件留在原处。此操作无法撤销。</numerusform>
            </translation>
        </message>
        <message>
            <source>Copied {keys}</source>
            <translation>已复制 {keys}</translation>
        </message>
        <message>
            <source>New reading list</source>
            <translation>新建阅读列表</translation>
        </message>
        <message>
            <source>Name of the new list:</source>
            <translation>新列表的名称：</translation>
        </message>
        <message>
            <source>New tag</source>
            <translation>新建标签</translation>
        </message>
        <message>
            <source>Tag the selected papers with:</source>
            <translation>为所选文献添加标签：</translation>
        </message>
        <message>
            <source>Rename List…</source>
            <translation>重命名列表…</translation>
        </message>
        <message>
            <source>Delete List</source>
            <translation>删除列表</translation>
        </message>
        <message>
            <source>New Tag…</source>
            <translation>新建标签…</translation>
        </message>
        <message>
            <source>Rename Tag…</source>
            <translation>重命名标签…</translation>
        </message>
        <message>
            <source>Tag Colour…</source>
            <translation>标签颜色…</translation>
        </message>
        <message>
            <source>Delete Tag</source>
            <translation>删除标签</translation>
        </message>
        <message>
            <source>Rename Saved Search…</source>
            <translation>重命名已存检索…</translation>
        </message>
        <message>
            <source>Delete Saved Search</source>
            <translation>删除已存检索</translation>
        </message>
        <message>
            <source>Save search</source>
            <translation>保存检索</translation>
        </message>
        <message>
            <source>Name of this search:</source>
            <translation>此检索的名称：</translation>
        </message>
        <message>
            <source>Rename saved search</source>
            <translation>重命名已存检索</translation>
        </message>
        <message>
            <source>New name:</source>
            <translation>新名称：</translation>
        </message>
        <message>
            <source>Keep their change</source>
            <translation>保留对方的修改</translation>
        </message>
        <message>
            <source>Rename anyway</source>
            <translation>仍然重命名</translation>
        </message>
        <message>
            <source>Changed by someone else</source>
            <translation>已被他人修改</translation>
        </message>
        <message>
            <source>Name of the new tag:</source>
            <translation>新标签的名称：</translation>
        </message>
        <message>
            <source>Rename list</source>
            <translation>重命名列表</translation>
        </message>
        <message>
            <source>Rename tag</source>
            <translation>重命名标签</translation>
        </message>
        <message>
            <source>Colour of “{tag}”</source>
            <translation>“{tag}”的颜色</translation>
        </message>
    </context>
    <context>
        <name>PaperMenu</name>
        <message>
            <source>Add to list</source>
            <translation>添加到列表</translation>
        </message>
        <message>
            <source>New list…</source>
            <translation>新建列表…</translation>
        </message>
        <message>
            <source>Tag</source>
            <translation>添加标签</translation>
        </message>
        <message>
            <source>New tag…</source>
            <translation>新建标签…</translation>
        </message>
    </context>
    <context>
        <name>PaperMime</name>
        <message numerus="yes">
            <source>%n paper(s)</source>
            <translation>
                <numerusform>%n 篇文献</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>PaperTableModel</name>
        <message>
            <source>Unread</source>
            <extracomment>Rows fetched per query when the view scrolls onto rows not yet read: a screenful or so (35 rows in a window 780 pixels high). Every keystroke's answer fetches the first page: 50 rows take 2 ms, 100 took 4. How much of an abstract stands in for a missing title. Data role holding a row's paper id. Views whose membership does not depend on a paper's fields, and orders that do not change when a paper is edited: an edit there only needs its row re-read.</extracomment>
            <translation>未读</translation>
        </message>
        <message>
            <source>Reading</source>
            <translation>在读</translation>
        </message>
        <message>
            <source>Read</source>
            <translation>已读</translation>
        </message>
        <message>
            <source>Title</source>
            <extracomment>The column headers, by column key (the core names them in English).</extracomment>
            <translation>标题</translation>
        </message>
        <message>
            <source>Authors</source>
            <translation>作者</translation>
        </message>
        <message>
            <source>Year</source>
            <translation>年份</translation>
        </message>
        <message>
            <source>Venue</source>
            <translation>期刊/会议</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>状态</translation>
        </message>
        <message>
            <source>Priority</source>
            <translation>优先级</translation>
        </message>
        <message>
            <source>Added</source>
            <translation>添加日期</translation>
        </message>
        <message>
            <source>Files</source>
            <translation>文件</translation>
        </message>
        <message>
            <source>Coloured tags: {names}</source>
            <extracomment>What a table cell is: QAbstractTableModel's own flags for a cell, and draggable. A drop inside a reading list asks for this new order: (list id, paper ids in order). The view's papers matching the search, best first; None when no search is active.</extracomment>
            <translation>彩色标签：{names}</translation>
        </message>
        <message numerus="yes">
            <source>%n file(s) attached</source>
            <translation>
                <numerusform>附有 %n 个文件</numerusform>
            </translation>
        </message>
        <message>
            <source>(untitled)</source>
            <translation>（无标题）</translation>
        </message>
    </context>
    <context>
        <name>PaperTableView</name>
        <message>
            <source>Papers</source>
            <extracomment>Columns hidden until the user shows them (header menu), to keep a first start uncluttered. Starting widths (pixels) of the columns, by key; title takes what is left. Columns that came after layouts were first remembered, by the place (visual index) they take when a remembered layout lacks them: the count of files beside the title.</extracomment>
            <translation>文献</translation>
        </message>
    </context>
    <context>
        <name>PdfReader</name>
        <message>
            <source>The file of attachment {attachment} is missing; relink it first.</source>
            <extracomment>Zoom steps (PDF points to pixels). Saving the page read waits this long after the last page turn.</extracomment>
            <translation>附件 {attachment} 的文件不见了；请先重新链接。</translation>
        </message>
        <message>
            <source>Untitled paper</source>
            <translation>无标题文献</translation>
        </message>
        <message>
            <source>{title} — Papershelf reader</source>
            <translation>{title} — Papershelf 阅读器</translation>
        </message>
        <message>
            <source>Page</source>
            <translation>页面</translation>
        </message>
        <message>
            <source>Previous page (Page Up)</source>
            <translation>上一页（Page Up）</translation>
        </message>
        <message>
            <source>Next page (Page Down)</source>
            <translation>下一页（Page Down）</translation>
        </message>
        <message>
            <source>Page number</source>
            <translation>页码</translation>
        </message>
        <message>
            <source>of {count}</source>
            <translation>/ {count}</translation>
        </message>
        <message>
            <source>Smaller</source>
            <translation>缩小</translation>
        </message>
        <message>
            <source>Larger</source>
            <translation>放大</translation>
        </message>
        <message>
            <source>Find in the PDF</source>
            <translation>在 PDF 中查找</translation>
        </message>
        <message>
            <source>Previous place (Shift+F3)</source>
            <translation>上一处（Shift+F3）</translation>
        </message>
        <message>
            <source>Next place (F3, Enter)</source>
            <translation>下一处（F3、回车）</translation>
        </message>
        <message>
            <source>Text of this page</source>
            <translation>本页文本</translation>
        </message>
        <message>
            <source>Quote in note</source>
            <translation>引用到笔记</translation>
        </message>
        <message>
            <source>Put the selected text (or the line of the place found) in the note</source>
            <translation>把选中的文本（或找到之处所在的行）放进笔记</translation>
        </message>
        <message>
            <source>Annotate…</source>
            <translation>批注…</translation>
        </message>
        <message>
            <source>Quote the selected text in the note with what you think of it</source>
            <translation>把选中的文字连同您的看法引用到笔记中</translation>
        </message>
        <message>
            <source>Text of this page (select some to quote it):</source>
            <translation>本页文本（选中文字即可引用）：</translation>
        </message>
        <message>
            <source>not found</source>
            <translation>未找到</translation>
        </message>
        <message>
            <source>{number} of {count}</source>
            <translation>第 {number} 处，共 {count} 处</translation>
        </message>
        <message>
            <source>Annotate</source>
            <translation>批注</translation>
        </message>
        <message>
            <source>Your note on the selected words:</source>
            <translation>您对所选文字的批注：</translation>
        </message>
        <message>
            <source>Select words in the page's text to quote them.</source>
            <translation>请先在本页文本中选中要引用的文字。</translation>
        </message>
        <message>
            <source>&gt; {text}
&gt; (p. {page})</source>
            <translation>&gt; {text}
&gt; （第 {page} 页）</translation>
        </message>
    </context>
    <context>
        <name>Progress</name>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
    </context>
    <context>
        <name>SearchBar</name>
        <message>
            <source>&lt;b&gt;Search&lt;/b&gt; matches titles, authors, abstracts and more, forgiving small typos.
&lt;table cellspacing="2"&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;levine offline&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;papers with both words&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;"offline reinforcement"&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;this exact phrase&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;-survey&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;leave out papers with this word&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;diffusion OR flow&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;either word&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;title:&lt;/tt&gt; &lt;tt&gt;author:&lt;/tt&gt; &lt;tt&gt;abstract:&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;search one field only&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;venue:&lt;/tt&gt; &lt;tt&gt;topic:&lt;/tt&gt; &lt;tt&gt;keyword:&lt;/tt&gt; &lt;tt&gt;note:&lt;/tt&gt; &lt;tt&gt;doi:&lt;/tt&gt;&lt;/td&gt;
&lt;td&gt;…and these fields (notes include annotations)&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;fulltext:tokamak&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;words in the attached PDFs&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;tag:robotics&lt;/tt&gt; &lt;tt&gt;list:"to read"&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;papers with a tag, in a list&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;status:unread&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;unread, reading or read&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;year:2019&lt;/tt&gt; &lt;tt&gt;year:2015..2020&lt;/tt&gt; &lt;tt&gt;year:&amp;gt;=2021&lt;/tt&gt;&lt;/td&gt;
&lt;td&gt;a year or a range&lt;/td&gt;&lt;/tr&gt;
&lt;/table&gt;
Esc clears the search.</source>
            <extracomment>The search syntax, for the tooltip and the Help menu (translated where shown).</extracomment>
            <translation>&lt;b&gt;检索&lt;/b&gt;匹配标题、作者、摘要等内容，可容忍少量拼写错误。
&lt;table cellspacing="2"&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;强化学习 机器人&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;同时包含这两个词的文献&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;"offline reinforcement"&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;完全一致的短语&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;-综述&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;排除包含此词的文献&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;diffusion OR flow&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;任一词&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;title:&lt;/tt&gt; &lt;tt&gt;author:&lt;/tt&gt; &lt;tt&gt;abstract:&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;只检索某一字段&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;venue:&lt;/tt&gt; &lt;tt&gt;topic:&lt;/tt&gt; &lt;tt&gt;keyword:&lt;/tt&gt; &lt;tt&gt;note:&lt;/tt&gt; &lt;tt&gt;doi:&lt;/tt&gt;&lt;/td&gt;
&lt;td&gt;…以及这些字段（笔记包括批注）&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;fulltext:托卡马克&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;附件 PDF 中的文字&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;tag:robotics&lt;/tt&gt; &lt;tt&gt;list:"待读"&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;带某个标签、在某个列表中的文献&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;status:unread&lt;/tt&gt;&lt;/td&gt;&lt;td&gt;unread（未读）、reading（在读）或 read（已读）&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;&lt;tt&gt;year:2019&lt;/tt&gt; &lt;tt&gt;year:2015..2020&lt;/tt&gt; &lt;tt&gt;year:&amp;gt;=2021&lt;/tt&gt;&lt;/td&gt;
&lt;td&gt;某一年或某个年份范围&lt;/td&gt;&lt;/tr&gt;
&lt;/table&gt;
按 Esc 键清空检索。</translation>
        </message>
        <message>
            <source>Search title, author, abstract, tag:…, year:…</source>
            <translation>检索标题、作者、摘要、tag:…、year:…</translation>
        </message>
        <message>
            <source>Search</source>
            <translation>检索</translation>
        </message>
        <message>
            <source>Matching papers</source>
            <translation>匹配的文献</translation>
        </message>
        <message numerus="yes">
            <source>≈ %n nearest (no exact match)</source>
            <translation>
                <numerusform>≈ %n 篇相近结果（无完全匹配）</numerusform>
            </translation>
        </message>
        <message>
            <source>“{typed}” as {read}</source>
            <translation>“{typed}”按 {read} 查找</translation>
        </message>
        <message>
            <source>Nothing matches what you typed. Shown instead, read nearly: {readings}.</source>
            <translation>没有与输入完全匹配的文献。以下为近似结果：{readings}。</translation>
        </message>
        <message>
            <source>Nothing to search for</source>
            <translation>没有可检索的内容</translation>
        </message>
        <message>
            <source>“{query}” has no letters or digits to look for. Type words, a phrase in quotes, or a qualifier such as author:levine or year:2019.</source>
            <translation>“{query}”中没有可检索的文字或数字。请输入词语、带引号的短语，或 author:levine、year:2019 这样的限定词。</translation>
        </message>
        <message>
            <source>The first matches; every match follows in a moment.</source>
            <translation>先显示最先找到的结果；全部结果稍后即到。</translation>
        </message>
        <message>
            <source> (search shortened)</source>
            <translation>（检索已截短）</translation>
        </message>
        <message>
            <source>{count}{more} found</source>
            <translation>找到 {count}{more} 篇</translation>
        </message>
        <message numerus="yes">
            <source>%Ln paper(s)</source>
            <translation>
                <numerusform>%Ln 篇文献</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>SelectionSummary</name>
        <message>
            <source>Changes made here apply to every selected paper.</source>
            <translation>在此所做的修改将应用于每篇所选文献。</translation>
        </message>
        <message numerus="yes">
            <source>%n paper(s) selected</source>
            <translation>
                <numerusform>已选择 %n 篇文献</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>SetField</name>
        <message>
            <source>The year “{year}” is not a year; write it as, e.g., 2019.</source>
            <extracomment>Fields offered first (any other can be typed): those the table shows, then the rest of what the entry types list, by the library's names. People are edited one paper at a time.</extracomment>
            <translation>“{year}”不是有效的年份；请写成如 2019 的形式。</translation>
        </message>
        <message>
            <source>Type</source>
            <translation>类型</translation>
        </message>
        <message numerus="yes">
            <source>The value is given to the %n selected paper(s); one undo takes it back.</source>
            <translation>
                <numerusform>该值将赋给所选的 %n 篇文献；撤销一次即可恢复。</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>SetFieldDialog</name>
        <message>
            <source>Set Field</source>
            <translation>设置字段</translation>
        </message>
        <message>
            <source>Leave empty to clear the field</source>
            <translation>留空即清空该字段</translation>
        </message>
        <message>
            <source>Field</source>
            <translation>字段</translation>
        </message>
        <message>
            <source>Value</source>
            <translation>值</translation>
        </message>
        <message>
            <source>This field is edited one paper at a time, in the detail pane.</source>
            <translation>此字段只能在详情面板中逐篇编辑。</translation>
        </message>
    </context>
    <context>
        <name>ShowInFolderButton</name>
        <message>
            <source>Show in Folder</source>
            <translation>在文件夹中显示</translation>
        </message>
    </context>
    <context>
        <name>SidebarModel</name>
        <message>
            <source>Unread</source>
            <extracomment>The number shown at the right of a row (None: no number). A list's or tag's own name (the display text may differ). "group" for section headers, else the View's kind. A saved search's query. Smart views: (label, icon, view).</extracomment>
            <translation>未读</translation>
        </message>
        <message>
            <source>Reading</source>
            <translation>在读</translation>
        </message>
        <message>
            <source>Read</source>
            <translation>已读</translation>
        </message>
        <message>
            <source>Recently added</source>
            <translation>最近添加</translation>
        </message>
        <message>
            <source>Library</source>
            <extracomment>Not a set of papers: the window shows the import problems panel for it. Not a set of papers either: the window shows the possible duplicates for it. Not a set of papers either: the window lists every annotation for it. The drag payload of a reading list being moved in the sidebar. Papers were dropped on a sidebar row: (the row's View, paper ids). A reading list was dragged to another place: the list ids in their new order.</extracomment>
            <translation>文献库</translation>
        </message>
        <message>
            <source>Smart views</source>
            <translation>智能视图</translation>
        </message>
        <message>
            <source>Reading lists</source>
            <translation>阅读列表</translation>
        </message>
        <message>
            <source>Tags</source>
            <translation>标签</translation>
        </message>
        <message>
            <source>Saved searches</source>
            <translation>已存检索</translation>
        </message>
        <message>
            <source>Annotations</source>
            <translation>批注</translation>
        </message>
        <message>
            <source>Every note on the words of an abstract, by paper</source>
            <translation>按文献列出摘要文字上的全部批注</translation>
        </message>
        <message>
            <source>Import problems</source>
            <translation>导入问题</translation>
        </message>
        <message>
            <source>Entries an import could not read: fix them and retry</source>
            <translation>导入时无法读取的条目：修正后重试</translation>
        </message>
        <message>
            <source>Possible duplicates</source>
            <translation>可能重复</translation>
        </message>
        <message>
            <source>Papers that look like one: compare them, merge them or keep them apart</source>
            <translation>看起来是同一篇的文献：比较、合并或分开保留</translation>
        </message>
        <message>
            <source>Trash</source>
            <translation>回收站</translation>
        </message>
        <message>
            <source>Papers moved here can be restored until the trash is emptied</source>
            <translation>移到这里的文献在清空回收站之前都可以还原</translation>
        </message>
        <message>
            <source>Drop papers here to add them; right-click to rename or delete</source>
            <translation>将文献拖到这里即可加入；右键可重命名或删除</translation>
        </message>
        <message>
            <source>Drop papers here to tag them; right-click to rename or recolour</source>
            <translation>将文献拖到这里即可添加此标签；右键可重命名或更改颜色</translation>
        </message>
        <message>
            <source>Search for: {query}
Right-click to rename or delete</source>
            <translation>检索：{query}
右键可重命名或删除</translation>
        </message>
    </context>
    <context>
        <name>SidebarView</name>
        <message>
            <source>Library sections</source>
            <extracomment>Space right of a count, and between a name and its count (pixels). The tag filter was applied: the number of tags it lets through.</extracomment>
            <translation>文献库分区</translation>
        </message>
    </context>
    <context>
        <name>SyncedFiles</name>
        <message>
            <source>Keep “{name}” in Sync with a File</source>
            <translation>让“{name}”与文件保持同步</translation>
        </message>
        <message>
            <source>BibTeX (*.bib)</source>
            <translation>BibTeX (*.bib)</translation>
        </message>
    </context>
    <context>
        <name>TagEditor</name>
        <message>
            <source>Tags, separated by commas</source>
            <translation>标签，以逗号分隔</translation>
        </message>
        <message>
            <source>Type tag names separated by commas; press Enter to apply</source>
            <translation>输入标签名，以逗号分隔；按回车键应用</translation>
        </message>
        <message>
            <source>Tags</source>
            <translation>标签</translation>
        </message>
    </context>
    <context>
        <name>Transfers</name>
        <message>
            <source>Import…</source>
            <extracomment>The setting: whether imported keywords also tag the papers (off: they are keywords only). Opens "Find missing titles and identifiers" for papers (set by the window). Imports run here, one at a time, in the background. Exports run here, one at a time, in the background. Copies of many papers' BibTeX run here, in the background.</extracomment>
            <translation>导入…</translation>
        </message>
        <message>
            <source>Import BibTeX, BibLaTeX, RIS, CSL-JSON or a pasted listing</source>
            <translation>导入 BibTeX、BibLaTeX、RIS、CSL-JSON 或粘贴的文献列表</translation>
        </message>
        <message>
            <source>Add by DOI or arXiv id…</source>
            <translation>通过 DOI 或 arXiv 编号添加…</translation>
        </message>
        <message>
            <source>Fetch a paper's details from its DOI or arXiv id</source>
            <translation>根据 DOI 或 arXiv 编号获取文献信息</translation>
        </message>
        <message>
            <source>Export Selected Papers…</source>
            <translation>导出所选文献…</translation>
        </message>
        <message>
            <source>Save the selected papers as BibTeX, RIS…</source>
            <translation>将所选文献保存为 BibTeX、RIS…</translation>
        </message>
        <message>
            <source>Export Papers Shown…</source>
            <translation>导出当前显示的文献…</translation>
        </message>
        <message>
            <source>Save every paper shown (this list, tag or search) to a file</source>
            <translation>将当前显示的全部文献（此列表、标签或检索结果）保存到文件</translation>
        </message>
        <message>
            <source>Copy as BibTeX</source>
            <translation>复制为 BibTeX</translation>
        </message>
        <message>
            <source>Copy the BibTeX of the selected papers</source>
            <translation>复制所选文献的 BibTeX</translation>
        </message>
        <message>
            <source>Paste BibTeX, DOI or arXiv id</source>
            <translation>粘贴 BibTeX、DOI 或 arXiv 编号</translation>
        </message>
        <message>
            <source>Add papers from BibTeX (or RIS…) text or a DOI / arXiv id on the clipboard</source>
            <translation>从剪贴板中的 BibTeX（或 RIS…）文本或 DOI / arXiv 编号添加文献</translation>
        </message>
        <message>
            <source>Refresh</source>
            <translation>刷新</translation>
        </message>
        <message>
            <source>Show changes other people or programs made to this library</source>
            <translation>显示其他人或其他程序对此文献库所做的修改</translation>
        </message>
        <message>
            <source>Load Sample Library</source>
            <translation>载入示例文献库</translation>
        </message>
        <message>
            <source>Add a few classic papers to look around with</source>
            <translation>添加几篇经典文献，先熟悉一下</translation>
        </message>
        <message>
            <source>Import Keywords as Tags</source>
            <extracomment>Their keys mean something else in a text field or the sidebar: table only.</extracomment>
            <translation>导入时将关键词设为标签</translation>
        </message>
        <message>
            <source>Also tag imported papers with their keywords (kept as keywords either way)</source>
            <translation>同时用关键词为导入的文献加标签（关键词始终保留）</translation>
        </message>
        <message numerus="yes">
            <source>Added %Ln sample paper(s).</source>
            <translation>
                <numerusform>已添加 %Ln 篇示例文献。</numerusform>
            </translation>
        </message>
        <message>
            <source>Import papers</source>
            <translation>导入文献</translation>
        </message>
        <message>
            <source>Add by identifier</source>
            <translation>通过标识符添加</translation>
        </message>
        <message>
            <source>DOI (10.1038/nature14539) or arXiv id (1706.03762):</source>
            <translation>DOI（10.1038/nature14539）或 arXiv 编号（1706.03762）：</translation>
        </message>
        <message>
            <source>Looking up {identifier}…</source>
            <translation>正在查询 {identifier}…</translation>
        </message>
        <message>
            <source>Added.</source>
            <translation>已添加。</translation>
        </message>
        <message>
            <source>pasted text</source>
            <translation>粘贴的文本</translation>
        </message>
        <message>
            <source>selected papers</source>
            <translation>所选文献</translation>
        </message>
    </context>
    <context>
        <name>TrashEmptying</name>
        <message numerus="yes">
            <source>Deleting %Ln paper(s) for good…</source>
            <translation>
                <numerusform>正在永久删除 %Ln 篇文献…</numerusform>
            </translation>
        </message>
        <message>
            <source>Emptying the trash</source>
            <translation>正在清空回收站</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message numerus="yes">
            <source>Stopped after deleting %Ln paper(s) for good. Still in the trash: {left}.</source>
            <translation>
                <numerusform>已停止：永久删除了 %Ln 篇文献。仍在回收站中：{left} 篇。</numerusform>
            </translation>
        </message>
        <message>
            <source>Empty Trash</source>
            <translation>清空回收站</translation>
        </message>
        <message numerus="yes">
            <source>Deleted %Ln paper(s) for good.</source>
            <translation>
                <numerusform>已永久删除 %Ln 篇文献。</numerusform>
            </translation>
        </message>
        <message>
            <source>Some files could not be deleted; they stay where they are:</source>
            <translation>有些文件无法删除，它们留在原处：</translation>
        </message>
    </context>
    <context>
        <name>UndoCommands</name>
        <message>
            <source>Stopped: the papers are as they were before.</source>
            <extracomment>Papers per step of a command over many: each step is one transaction, after which the progress dialog moves on and Cancel is heard (a cancelled command is taken back whole).</extracomment>
            <translation>已停止：文献保持原样。</translation>
        </message>
        <message>
            <source>Edit paper</source>
            <translation>编辑文献</translation>
        </message>
        <message>
            <source>New paper</source>
            <translation>新建文献</translation>
        </message>
        <message numerus="yes">
            <source>Restore %Ln paper(s)</source>
            <translation>
                <numerusform>还原 %Ln 篇文献</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Move %Ln paper(s) to the trash</source>
            <translation>
                <numerusform>将 %Ln 篇文献移到回收站</numerusform>
            </translation>
        </message>
        <message>
            <source>Add to “{list}”</source>
            <translation>添加到“{list}”</translation>
        </message>
        <message>
            <source>Remove from “{list}”</source>
            <translation>从“{list}”中移除</translation>
        </message>
        <message>
            <source>Add to New List “{list}”</source>
            <translation>添加到新列表“{list}”</translation>
        </message>
        <message>
            <source>Reorder list</source>
            <translation>调整列表顺序</translation>
        </message>
        <message>
            <source>Merge duplicates</source>
            <translation>合并重复文献</translation>
        </message>
        <message numerus="yes">
            <source>Merge %n duplicate(s)</source>
            <translation>
                <numerusform>合并 %n 篇重复文献</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Keep %n pair(s) as different papers</source>
            <translation>
                <numerusform>把 %n 对保留为不同的文献</numerusform>
            </translation>
        </message>
        <message>
            <source>Reorder reading lists</source>
            <translation>调整阅读列表顺序</translation>
        </message>
        <message>
            <source>Create list “{list}”</source>
            <translation>创建列表“{list}”</translation>
        </message>
        <message>
            <source>Rename list to “{list}”</source>
            <translation>将列表重命名为“{list}”</translation>
        </message>
        <message>
            <source>Delete list “{list}”</source>
            <translation>删除列表“{list}”</translation>
        </message>
        <message>
            <source>Tag “{tag}”</source>
            <translation>添加标签“{tag}”</translation>
        </message>
        <message>
            <source>Remove tag “{tag}”</source>
            <translation>移除标签“{tag}”</translation>
        </message>
        <message>
            <source>Turn keywords into tags</source>
            <translation>将关键词转为标签</translation>
        </message>
        <message>
            <source>Change tags</source>
            <translation>更改标签</translation>
        </message>
        <message>
            <source>Annotate</source>
            <translation>批注</translation>
        </message>
        <message>
            <source>Delete annotation</source>
            <translation>删除批注</translation>
        </message>
        <message>
            <source>Edit annotation</source>
            <translation>编辑批注</translation>
        </message>
        <message>
            <source>Create tag “{tag}”</source>
            <translation>创建标签“{tag}”</translation>
        </message>
        <message>
            <source>Rename tag to “{tag}”</source>
            <translation>将标签重命名为“{tag}”</translation>
        </message>
        <message>
            <source>Tag colour</source>
            <translation>标签颜色</translation>
        </message>
        <message>
            <source>Delete tag “{tag}”</source>
            <translation>删除标签“{tag}”</translation>
        </message>
        <message numerus="yes">
            <source>Fill in %Ln paper(s) from arXiv and Crossref</source>
            <translation>
                <numerusform>从 arXiv 和 Crossref 填入 %Ln 篇文献</numerusform>
            </translation>
        </message>
        <message>
            <source>Add link</source>
            <translation>添加链接</translation>
        </message>
        <message numerus="yes">
            <source>Attach %n file(s)</source>
            <translation>
                <numerusform>附加 %n 个文件</numerusform>
            </translation>
        </message>
        <message>
            <source>Relink file</source>
            <translation>重新链接文件</translation>
        </message>
        <message>
            <source>Remove attachment</source>
            <translation>移除附件</translation>
        </message>
    </context>
    <context>
        <name>WelcomePanel</name>
        <message>
            <source>Your library is empty</source>
            <translation>您的文献库是空的</translation>
        </message>
        <message>
            <source>Drop PDFs, or a folder of them, on this window; bring in papers from a BibTeX, RIS or CSL-JSON file; add one by its DOI or arXiv id; or look around with a few classic papers first.</source>
            <translation>把 PDF 或装有 PDF 的文件夹拖到此窗口；从 BibTeX、RIS 或 CSL-JSON 文件导入文献；通过 DOI 或 arXiv 编号添加一篇；或先载入几篇经典文献看看。</translation>
        </message>
        <message>
            <source>Import a file…</source>
            <translation>导入文件…</translation>
        </message>
        <message>
            <source>Add by DOI or arXiv id…</source>
            <translation>通过 DOI 或 arXiv 编号添加…</translation>
        </message>
        <message>
            <source>Load the sample library</source>
            <translation>载入示例文献库</translation>
        </message>
    </context>
    <context>
        <name>WindowActions</name>
        <message>
            <source>Find</source>
            <translation>查找</translation>
        </message>
        <message>
            <source>Search the library</source>
            <translation>检索文献库</translation>
        </message>
        <message>
            <source>Quit</source>
            <translation>退出</translation>
        </message>
        <message>
            <source>Open paper</source>
            <translation>打开文献</translation>
        </message>
        <message>
            <source>Show the paper's details (Enter)</source>
            <translation>显示文献的详细信息（回车键）</translation>
        </message>
        <message>
            <source>Undo</source>
            <translation>撤销</translation>
        </message>
        <message>
            <source>Redo</source>
            <translation>重做</translation>
        </message>
        <message>
            <source>Search Syntax</source>
            <translation>检索语法</translation>
        </message>
        <message>
            <source>About Papershelf</source>
            <translation>关于 Papershelf</translation>
        </message>
        <message>
            <source>&amp;Language</source>
            <translation>语言(&amp;L)</translation>
        </message>
        <message>
            <source>System Language</source>
            <translation>跟随系统语言</translation>
        </message>
        <message>
            <source>Language</source>
            <translation>语言</translation>
        </message>
        <message>
            <source>The new language is used when Papershelf starts again.</source>
            <translation>新的语言将在 Papershelf 下次启动时生效。</translation>
        </message>
        <message>
            <source>Search syntax</source>
            <translation>检索语法</translation>
        </message>
        <message>
            <source>Papershelf keeps your papers, reading lists, notes and annotations in one library.

This library: {where}</source>
            <translation>Papershelf 将您的文献、阅读列表、笔记和批注保存在一个文献库中。

当前文献库：{where}</translation>
        </message>
        <message>
            <source>{verb} {step}</source>
            <translation>{verb} {step}</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>文件(&amp;F)</translation>
        </message>
        <message>
            <source>&amp;Edit</source>
            <translation>编辑(&amp;E)</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>视图(&amp;V)</translation>
        </message>
        <message>
            <source>&amp;Paper</source>
            <translation>文献(&amp;P)</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>帮助(&amp;H)</translation>
        </message>
    </context>
    <context>
        <name>WindowFiles</name>
        <message>
            <source>Watch a Folder for PDFs…</source>
            <translation>监视 PDF 文件夹…</translation>
        </message>
        <message>
            <source>Files Folder…</source>
            <translation>文件夹位置…</translation>
        </message>
        <message>
            <source>Read the Text of PDFs Now</source>
            <translation>立即读取 PDF 文本</translation>
        </message>
        <message>
            <source>&amp;Attachments</source>
            <translation>附件(&amp;A)</translation>
        </message>
        <message numerus="yes">
            <source>Attached %n file(s) to the paper.</source>
            <translation>
                <numerusform>已将 %n 个文件附加到这篇文献。</numerusform>
            </translation>
        </message>
        <message>
            <source>Some PDFs could not be read: {first}</source>
            <translation>有些 PDF 无法读取：{first}</translation>
        </message>
        <message>
            <source>Folder for the library's files (shared by the group)</source>
            <translation>文献库的文件夹（小组共用）</translation>
        </message>
        <message>
            <source>Files are now copied to {folder}.</source>
            <translation>文件现在复制到 {folder}。</translation>
        </message>
        <message>
            <source>Watched folder</source>
            <translation>监视的文件夹</translation>
        </message>
        <message>
            <source>New PDFs in {folder} become papers. Stop watching it?</source>
            <translation>{folder} 中的新 PDF 会成为文献。停止监视它吗？</translation>
        </message>
        <message>
            <source>Watch a folder: each new PDF in it or in its subfolders becomes a paper</source>
            <translation>监视文件夹：其中或其子文件夹中的每个新 PDF 都会成为一篇文献</translation>
        </message>
        <message numerus="yes">
            <source>{folder} already holds %n PDF(s). Bring them in too? Those already in your library are recognised and not added again.</source>
            <translation>
                <numerusform>{folder} 中已有 %n 个 PDF。也把它们导入吗？已在文献库中的会被识别出来，不会重复添加。</numerusform>
            </translation>
        </message>
        <message>
            <source>Watching {folder} and its subfolders: new PDFs there become papers.</source>
            <translation>正在监视 {folder} 及其子文件夹：其中的新 PDF 会成为文献。</translation>
        </message>
    </context>
    <context>
        <name>core</name>
        <message>
            <source>An attachment needs a file path or a web address.</source>
            <translation>附件需要一个文件路径或网址。</translation>
        </message>
        <message>
            <source>Papershelf could not read {aux}: {why}.</source>
            <translation>Papershelf 无法读取 {aux}：{why}。</translation>
        </message>
        <message>
            <source>{aux} cites nothing (it has no \citation or \abx@aux@cite lines); run LaTeX on the document first.</source>
            <translation>{aux} 没有引用任何文献（其中没有 \citation 或 \abx@aux@cite 行）；请先对文档运行 LaTeX。</translation>
        </message>
        <message>
            <source>{named} and {more} more</source>
            <translation>{named} 及另外 {more} 篇</translation>
        </message>
        <message>
            <source>The style {style} writes nothing for {named}: it holds none of the fields the style uses (a title, authors, a container…); add one and format again.</source>
            <translation>样式 {style} 不为 {named} 输出任何内容：该文献没有此样式使用的任何字段（题名、作者、所载文献…）；请补充一项后重新格式化。</translation>
        </message>
        <message>
            <source>The style {style} writes nothing for {count} papers, which hold none of the fields the style uses (a title, authors, a container…): {named}.</source>
            <translation>样式 {style} 不为以下 {count} 篇文献输出任何内容，它们没有此样式使用的任何字段（题名、作者、所载文献…）：{named}。</translation>
        </message>
        <message>
            <source>There is no citation style file at {given}.</source>
            <translation>{given} 处没有引文样式文件。</translation>
        </message>
        <message>
            <source>“{style}” is not a citation style Papershelf knows; give a style id such as apa, ieee, chicago-author-date or china-national-standard-gb-t-7714-2015-numeric, or the path of a .csl file.</source>
            <translation>“{style}”不是 Papershelf 认识的引文样式；请给出样式 ID（如 apa、ieee、chicago-author-date 或 china-national-standard-gb-t-7714-2015-numeric），或一个 .csl 文件的路径。</translation>
        </message>
        <message>
            <source>Citations can be written as {outputs}, not {output}.</source>
            <translation>引文可以写成 {outputs}，不能写成 {output}。</translation>
        </message>
        <message>
            <source>an untitled {kind}</source>
            <translation>一篇无题名的 {kind}</translation>
        </message>
        <message>
            <source>{path} is not a CSL citation style that can be read: {error}</source>
            <translation>{path} 不是可读取的 CSL 引文样式：{error}</translation>
        </message>
        <message>
            <source>same DOI {doi}</source>
            <translation>DOI 相同（{doi}）</translation>
        </message>
        <message>
            <source>the DOI {identifier}</source>
            <translation>DOI {identifier}</translation>
        </message>
        <message>
            <source>same arXiv id {arxiv}</source>
            <translation>arXiv 编号相同（{arxiv}）</translation>
        </message>
        <message>
            <source>the arXiv id {identifier}</source>
            <translation>arXiv 编号 {identifier}</translation>
        </message>
        <message>
            <source>same citation key {key}</source>
            <translation>引用键相同（{key}）</translation>
        </message>
        <message>
            <source>one title or titles very like it (such as “{title}”), with the same first author ({author}) and year ({year})</source>
            <translation>同一标题或与之极相近的标题（如“{title}”），且第一作者（{author}）和年份（{year}）相同</translation>
        </message>
        <message>
            <source>none</source>
            <translation>无</translation>
        </message>
        <message>
            <source>title {similarity}% alike, same first author ({author}) and year ({year})</source>
            <translation>标题相似度 {similarity}%，第一作者（{author}）和年份（{year}）相同</translation>
        </message>
        <message>
            <source>title {similarity}% alike, same first author ({author}), neither with a year</source>
            <translation>标题相似度 {similarity}%，第一作者（{author}）相同，两者都没有年份</translation>
        </message>
        <message>
            <source>title {similarity}% alike, neither with an author, both from {year}</source>
            <translation>标题相似度 {similarity}%，两者都没有作者，都是 {year} 年的</translation>
        </message>
        <message>
            <source>title {similarity}% alike, neither with an author or a year</source>
            <translation>标题相似度 {similarity}%，两者都没有作者和年份</translation>
        </message>
        <message>
            <source>The export was cancelled; no file was written.</source>
            <translation>导出已取消；没有写入任何文件。</translation>
        </message>
        <message>
            <source>Papershelf could not write {target}: {why}. The file that was there is as it was.</source>
            <translation>Papershelf 无法写入 {target}：{why}。原有的文件保持不变。</translation>
        </message>
        <message>
            <source>Papershelf could not write {target}: {why}.</source>
            <translation>Papershelf 无法写入 {target}：{why}。</translation>
        </message>
        <message>
            <source>There is no paper with id {paper_id} in this library.</source>
            <translation>本文献库中没有 ID 为 {paper_id} 的文献。</translation>
        </message>
        <message>
            <source>“{name}” cannot be set on many papers at once.</source>
            <translation>“{name}”不能同时为多篇文献设置。</translation>
        </message>
        <message>
            <source>Lines {first}-{last} of this file could not be read ({error}).</source>
            <translation>此文件的第 {first}–{last} 行无法读取（{error}）。</translation>
        </message>
        <message>
            <source>This file could not be read at all ({error}).</source>
            <translation>此文件完全无法读取（{error}）。</translation>
        </message>
        <message>
            <source>A value has no field name before its '='; it was left out.</source>
            <translation>有一个值的“=”前没有字段名；已略去。</translation>
        </message>
        <message>
            <source>The field(s) {fields} appear more than once; the first value was kept.</source>
            <translation>字段 {fields} 出现了不止一次；保留了第一个值。</translation>
        </message>
        <message>
            <source>The field '{name}' has text after its value that is not understood.</source>
            <translation>字段“{name}”的值后面有无法理解的文字。</translation>
        </message>
        <message>
            <source>More than {most} fields run together without commas; the rest of the entry was kept as the text of the field '{name}'.</source>
            <translation>超过 {most} 个字段连在一起、中间没有逗号；条目的其余部分已作为字段“{name}”的文字保留。</translation>
        </message>
        <message>
            <source>The field '{name}' holds {length} characters, more than the {most} of any real bibliography; it was kept whole.</source>
            <translation>字段“{name}”有 {length} 个字符，超过了任何真实文献库的 {most} 个；已完整保留。</translation>
        </message>
        <message>
            <source>The field '{name}' nests braces {depth} deep, more than the {most} of any real bibliography; it was read all the same.</source>
            <translation>字段“{name}”的花括号嵌套了 {depth} 层，超过了任何真实文献库的 {most} 层；仍照常读取。</translation>
        </message>
        <message>
            <source>This looks like an entry but could not be read: an entry starts with '@type{{key,' and its '{{' is missing here.</source>
            <translation>这看起来像一个条目，但无法读取：条目以“@type{{key,”开头，而这里缺少“{{”。</translation>
        </message>
        <message>
            <source>In entry '{key}': {message}</source>
            <translation>条目“{key}”：{message}</translation>
        </message>
        <message>
            <source>This entry</source>
            <translation>此条目</translation>
        </message>
        <message>
            <source>This @{type} block</source>
            <translation>此 @{type} 块</translation>
        </message>
        <message>
            <source>it is not closed before the next entry starts (a '}}' or '"' is missing)</source>
            <translation>它在下一个条目开始前没有闭合（缺少“}}”或“"”）</translation>
        </message>
        <message>
            <source>the file ends before the entry is closed (a '}}' or '"' is missing)</source>
            <translation>文件在条目闭合前就结束了（缺少“}}”或“"”）</translation>
        </message>
        <message>
            <source>its citation key is not followed by a comma</source>
            <translation>其引用键后面没有逗号</translation>
        </message>
        <message>
            <source>a field name is not followed by '='</source>
            <translation>有字段名后面没有“=”</translation>
        </message>
        <message>
            <source>an @string definition has no '='</source>
            <translation>有 @string 定义缺少“=”</translation>
        </message>
        <message>
            <source>a field's value is followed by something other than a comma</source>
            <translation>有字段的值后面跟着的不是逗号</translation>
        </message>
        <message>
            <source>its syntax is broken</source>
            <translation>其语法有误</translation>
        </message>
        <message>
            <source>{what} could not be read: {detail}. It was skipped; its text is kept.</source>
            <translation>{what}无法读取：{detail}。已跳过，其文字已保留。</translation>
        </message>
        <message>
            <source>The field '{name}' would be longer than {most} characters once its @string abbreviations are expanded; it was kept as written, unexpanded.</source>
            <translation>字段“{name}”展开 @string 缩写后会超过 {most} 个字符；已按原样保留，未展开。</translation>
        </message>
        <message>
            <source>The field '{name}' uses the abbreviation '{word}', which no @string defines; the name itself was kept as the value.</source>
            <translation>字段“{name}”使用了缩写“{word}”，但没有 @string 定义它；已将该名称本身保留为值。</translation>
        </message>
        <message>
            <source>The @string abbreviation '{name}' would be longer than {most} characters once expanded (and so would those made of it); where they are used, their names were kept instead.</source>
            <translation>@string 缩写“{name}”展开后会超过 {most} 个字符（由它构成的缩写也是如此）；在用到它们的地方，保留了它们的名称。</translation>
        </message>
        <message>
            <source>The @string abbreviations of this import would add more than {most} characters; from here on they are kept as their names, unexpanded.</source>
            <translation>本次导入的 @string 缩写会增加超过 {most} 个字符；从这里起它们保留为名称，不再展开。</translation>
        </message>
        <message>
            <source>The citation key '{key}' is also used by the entry at {source}; both entries were kept.</source>
            <translation>引用键“{key}”也被 {source} 中的条目使用；两个条目都已保留。</translation>
        </message>
        <message>
            <source>The citation key '{key}' is also used by the entry at line {line}; both entries were kept.</source>
            <translation>引用键“{key}”也被第 {line} 行的条目使用；两个条目都已保留。</translation>
        </message>
        <message>
            <source>The entries {loop} refer to each other in a circle (crossref/xdata); no fields were inherited along the circle.</source>
            <translation>条目 {loop} 互相循环引用（crossref/xdata）；循环中的字段都没有继承。</translation>
        </message>
        <message>
            <source>The entry '{key}' takes fields from '{parent}' ({how}), but no entry has that key; those fields are missing.</source>
            <translation>条目“{key}”从“{parent}”（{how}）继承字段，但没有条目使用该键；这些字段缺失。</translation>
        </message>
        <message>
            <source>In the {name} list: {problem}</source>
            <translation>{name} 列表中：{problem}</translation>
        </message>
        <message>
            <source>The year '{year}' is not a number; it was kept as written.</source>
            <translation>年份“{year}”不是数字；已按原样保留。</translation>
        </message>
        <message>
            <source>The month '{month}' is not a month name or number; it was kept as written.</source>
            <translation>月份“{month}”不是月份名称或数字；已按原样保留。</translation>
        </message>
        <message>
            <source>The citation key pattern uses [{token}], which is not a known token; known tokens are {known}.</source>
            <translation>引用键模式使用了 [{token}]，这不是已知的标记；已知的标记有 {known}。</translation>
        </message>
        <message>
            <source>The citation key pattern needs at least one token, such as [auth].</source>
            <translation>引用键模式至少需要一个标记，如 [auth]。</translation>
        </message>
        <message>
            <source>Item {item} is not a CSL-JSON object; it was not imported.</source>
            <translation>第 {item} 项不是 CSL-JSON 对象；未导入。</translation>
        </message>
        <message>
            <source>This JSON nests its lists and objects {depth} levels deep, more than the {most} any CSL-JSON needs; nothing was imported from it, and its text is kept here.</source>
            <translation>此 JSON 的列表和对象嵌套了 {depth} 层，超过了任何 CSL-JSON 所需的 {most} 层；其中没有导入任何内容，其文字保留在此。</translation>
        </message>
        <message>
            <source>This is not valid JSON ({detail}); nothing could be imported from it.</source>
            <translation>这不是有效的 JSON（{detail}）；无法从中导入任何内容。</translation>
        </message>
        <message>
            <source>The 'issued' date has no year that could be read; it was kept as written.</source>
            <translation>“issued”日期中没有可读取的年份；已按原样保留。</translation>
        </message>
        <message>
            <source>The '{role}' list is not a list of CSL names; it was kept as written.</source>
            <translation>“{role}”列表不是 CSL 姓名列表；已按原样保留。</translation>
        </message>
        <message>
            <source>little-endian</source>
            <translation>小端序</translation>
        </message>
        <message>
            <source>big-endian</source>
            <translation>大端序</translation>
        </message>
        <message>
            <source>The file has no byte-order mark; it was read as UTF-16 ({order}), which its bytes look like. If the text looks wrong, save the file as UTF-8 and import it again.</source>
            <translation>此文件没有字节顺序标记；按其字节的样子以 UTF-16（{order}）读取。如果文字看起来不对，请将文件另存为 UTF-8 后重新导入。</translation>
        </message>
        <message>
            <source>This file is not valid UTF-8, so it was read as {encoding}. If accented letters look wrong, save the file as UTF-8 and import it again.</source>
            <translation>此文件不是有效的 UTF-8，因此以 {encoding} 读取。如果带重音的字母看起来不对，请将文件另存为 UTF-8 后重新导入。</translation>
        </message>
        <message>
            <source>This file is marked as {label} but some of its bytes are not valid {label}; those characters were replaced by '�'.</source>
            <translation>此文件标明为 {label}，但其中有些字节不是有效的 {label}；这些字符已替换为“�”。</translation>
        </message>
        <message>
            <source>No paper was recognised in these {lines} lines. A listing gives each paper a title line and then a line of authors ("A. Smith, B. Jones"), with a blank line between papers; the text is kept here to fix and import again.</source>
            <translation>这 {lines} 行中没有识别出任何文献。列表中每篇文献先写一行标题，再写一行作者（“A. Smith, B. Jones”），文献之间空一行；文字保留在此，可修改后重新导入。</translation>
        </message>
        <message>
            <source>The paper starting here ({shown}) has no author line; it was imported without authors.</source>
            <translation>从这里开始的文献（{shown}）没有作者行；已在没有作者的情况下导入。</translation>
        </message>
        <message>
            <source>The name list has an empty name (two 'and's in a row, or one at an end); it was skipped.</source>
            <translation>姓名列表中有一个空姓名（连续两个“and”，或末尾有一个）；已跳过。</translation>
        </message>
        <message>
            <source>The name '{written}' has more than two commas; BibTeX reads it as 'Last, Jr, First', so it is probably several names missing their 'and'.</source>
            <translation>姓名“{written}”中有两个以上的逗号；BibTeX 会按“姓, 后缀, 名”读取它，因此它可能是几个姓名之间漏了“and”。</translation>
        </message>
        <message>
            <source>There is no format called {name}; use one of {known}.</source>
            <translation>没有名为 {name} 的格式；请使用以下之一：{known}。</translation>
        </message>
        <message>
            <source>{label} files can be exported but not imported.</source>
            <translation>{label} 文件只能导出，不能导入。</translation>
        </message>
        <message>
            <source>{label} files can be imported but not exported.</source>
            <translation>{label} 文件只能导入，不能导出。</translation>
        </message>
        <message>
            <source>{written} is not an RIS reference type; the entry was read as 'misc'.</source>
            <translation>{written} 不是 RIS 文献类型；该条目已按“misc”读取。</translation>
        </message>
        <message>
            <source>This entry has no closing 'ER  -' line before the end of the file; it was read up to there.</source>
            <translation>此条目在文件结束前没有结尾的“ER  -”行；已读到文件末尾。</translation>
        </message>
        <message>
            <source>This entry has no closing 'ER  -' line before line {line}; it was read up to there.</source>
            <translation>此条目在第 {line} 行之前没有结尾的“ER  -”行；已读到那里。</translation>
        </message>
        <message>
            <source>No year could be read from {tag} {value}; it was kept as written.</source>
            <translation>无法从 {tag} {value} 中读出年份；已按原样保留。</translation>
        </message>
        <message>
            <source>An entry starts here without a 'TY  -' line; it was read as 'misc'.</source>
            <translation>这里开始的条目没有“TY  -”行；已按“misc”读取。</translation>
        </message>
        <message>
            <source>doi.org does not know the short DOI {value}; check it for typos.</source>
            <translation>doi.org 不认识短 DOI {value}；请检查是否有拼写错误。</translation>
        </message>
        <message>
            <source>“{text}” is neither a DOI nor an arXiv id. A DOI looks like 10.1038/nature14539; an arXiv id looks like 1706.03762 or hep-th/9711200.</source>
            <translation>“{text}”既不是 DOI，也不是 arXiv 编号。DOI 形如 10.1038/nature14539；arXiv 编号形如 1706.03762 或 hep-th/9711200。</translation>
        </message>
        <message>
            <source>{service} did not answer within {timeout} seconds; it may be busy or your connection slow. Try again in a minute.</source>
            <translation>{service} 在 {timeout} 秒内没有应答；它可能正忙，或您的网络较慢。请过一分钟再试。</translation>
        </message>
        <message>
            <source>Papershelf could not reach {service}; check your internet connection and try again.</source>
            <translation>Papershelf 无法连接到 {service}；请检查网络连接后重试。</translation>
        </message>
        <message>
            <source>The connection to {service} broke off before it answered; check your internet connection and try again.</source>
            <translation>与 {service} 的连接在其应答前中断；请检查网络连接后重试。</translation>
        </message>
        <message>
            <source>{service} is busy (it answered with error {status}); try again in a minute.</source>
            <translation>{service} 正忙（返回错误 {status}）；请过一分钟再试。</translation>
        </message>
        <message>
            <source>{service} refused the search Papershelf sent (error {status}); if this keeps happening, please report it.</source>
            <translation>{service} 拒绝了 Papershelf 发送的查询（错误 {status}）；如果一再发生，请报告此问题。</translation>
        </message>
        <message>
            <source>{service} refused to look up {identifier} (error {status}). Check the identifier; if it is right and this keeps happening, please report it.</source>
            <translation>{service} 拒绝查询 {identifier}（错误 {status}）。请检查该标识符；如果它没错而问题一再发生，请报告此问题。</translation>
        </message>
        <message>
            <source>No paper with the DOI {identifier} is registered at {service}. Check the DOI for typos; DOIs of data sets and some repositories are registered elsewhere.</source>
            <translation>{service} 上没有登记 DOI 为 {identifier} 的文献。请检查 DOI 是否有拼写错误；数据集和某些存储库的 DOI 登记在别处。</translation>
        </message>
        <message>
            <source>arXiv has no paper with the id {identifier}. Check it for typos: new ids look like 1706.03762, old ones like hep-th/9711200.</source>
            <translation>arXiv 上没有编号为 {identifier} 的文献。请检查是否有拼写错误：新编号形如 1706.03762，旧编号形如 hep-th/9711200。</translation>
        </message>
        <message>
            <source>{service} sent an answer Papershelf could not read; try again later, and if it keeps happening, please report it.</source>
            <translation>{service} 返回了 Papershelf 无法读取的应答；请稍后再试，如果一再发生，请报告此问题。</translation>
        </message>
        <message>
            <source>{not_found} (arXiv said: “{reason}”)</source>
            <translation>{not_found}（arXiv 说：“{reason}”）</translation>
        </message>
        <message>
            <source>{name} names {identifier}, but its metadata could not be fetched ({error}); its title and authors were guessed from the PDF instead: check them.</source>
            <translation>{name} 标明了 {identifier}，但无法获取其元数据（{error}）；已改为从 PDF 推测标题和作者：请核对。</translation>
        </message>
        <message>
            <source>That import problem is gone (dismissed or fixed elsewhere).</source>
            <translation>该导入问题已不存在（已在别处忽略或修复）。</translation>
        </message>
        <message>
            <source>The problem with {name} kept no text to correct: fix the file itself and import it again.</source>
            <translation>{name} 的问题没有保留可修改的文本：请修复文件本身，然后重新导入。</translation>
        </message>
        <message>
            <source>No entry was found.</source>
            <translation>没有找到条目。</translation>
        </message>
        <message>
            <source>There is no file {path}.</source>
            <translation>没有文件 {path}。</translation>
        </message>
        <message>
            <source>{path} is a folder; choose a file to import.</source>
            <translation>{path} 是一个文件夹；请选择要导入的文件。</translation>
        </message>
        <message>
            <source>Papershelf could not read {path}: {why}.</source>
            <translation>Papershelf 无法读取 {path}：{why}。</translation>
        </message>
        <message>
            <source>The import was cancelled; the library is as it was before.</source>
            <translation>导入已取消；文献库保持原样。</translation>
        </message>
        <message>
            <source>At least {count} papers share {shared}; each was listed as a likely duplicate of {most} of them only, and every paper was imported.</source>
            <translation>至少有 {count} 篇文献共有{shared}；每篇只与其中 {most} 篇列为可能重复，所有文献均已导入。</translation>
        </message>
        <message>
            <source>{why}; it was kept as the field “{field}” so nothing is lost.</source>
            <translation>{why}；已保留为字段“{field}”，没有丢失任何内容。</translation>
        </message>
        <message>
            <source>{why} (entry {citekey}); it was kept as the field “{field}” so nothing is lost.</source>
            <translation>{why}（条目 {citekey}）；已保留为字段“{field}”，没有丢失任何内容。</translation>
        </message>
        <message>
            <source>“{doi}” is not a DOI</source>
            <translation>“{doi}”不是 DOI</translation>
        </message>
        <message>
            <source>{year} is not a year</source>
            <translation>{year} 不是年份</translation>
        </message>
        <message>
            <source>{month} is not a month</source>
            <translation>{month} 不是月份</translation>
        </message>
        <message>
            <source>the library's folder</source>
            <translation>文献库的文件夹</translation>
        </message>
        <message>
            <source>create the folder {folder} for the library</source>
            <translation>为文献库创建文件夹 {folder}</translation>
        </message>
        <message>
            <source>“{url}” is not a database address Papershelf can use; give a SQLite one (sqlite:///path/to/library.sqlite) or a PostgreSQL one (postgresql+psycopg://user@host/database).</source>
            <translation>“{url}”不是 Papershelf 能使用的数据库地址；请给出 SQLite 地址（sqlite:///path/to/library.sqlite）或 PostgreSQL 地址（postgresql+psycopg://user@host/database）。</translation>
        </message>
        <message>
            <source>Papershelf cannot open the library at {where}: {why}</source>
            <translation>Papershelf 无法打开位于 {where} 的文献库：{why}</translation>
        </message>
        <message>
            <source>This library was made by a newer Papershelf; update Papershelf to open it.</source>
            <translation>此文献库由更新版本的 Papershelf 创建；请更新 Papershelf 后再打开。</translation>
        </message>
        <message>
            <source>The database at {where} already holds other data and is not a Papershelf library; choose an empty database or an existing library.</source>
            <translation>位于 {where} 的数据库中已有其他数据，不是 Papershelf 文献库；请选择一个空数据库或现有的文献库。</translation>
        </message>
        <message>
            <source>Papershelf could not read the library at {where}: {why}</source>
            <translation>Papershelf 无法读取位于 {where} 的文献库：{why}</translation>
        </message>
        <message>
            <source>Someone else changed the same papers or lists at the same moment, so Papershelf changed nothing; try again.</source>
            <translation>有人在同一时刻修改了相同的文献或列表，因此 Papershelf 没有做任何更改；请重试。</translation>
        </message>
        <message>
            <source>Papershelf could not save to the library at {where}: {why} Nothing was changed; try again in a moment.</source>
            <translation>Papershelf 无法保存到位于 {where} 的文献库：{why} 没有做任何更改；请稍后重试。</translation>
        </message>
        <message>
            <source>There is no paper with the citation key “{citekey}”.</source>
            <translation>没有引用键为“{citekey}”的文献。</translation>
        </message>
        <message>
            <source>{name} is not a PDF (it does not start as one).</source>
            <translation>{name} 不是 PDF（其开头不像 PDF）。</translation>
        </message>
        <message>
            <source>{name} was not added: it is a paper already in your library.</source>
            <translation>{name} 未添加：它是文献库中已有的文献。</translation>
        </message>
        <message>
            <source>“{text}” is not a DOI (like 10.1038/nature14539) or an arXiv id (like 1706.03762).</source>
            <translation>“{text}”不是 DOI（如 10.1038/nature14539），也不是 arXiv 编号（如 1706.03762）。</translation>
        </message>
        <message>
            <source>That paper is already in your library as “{found}”.</source>
            <translation>该文献已在您的文献库中，名为“{found}”。</translation>
        </message>
        <message>
            <source>“{address}” is not an e-mail address; Crossref asks for one like name@example.org, or none.</source>
            <translation>“{address}”不是电子邮件地址；Crossref 要求形如 name@example.org 的地址，或者不填。</translation>
        </message>
        <message>
            <source>A paper cannot be merged with itself.</source>
            <translation>文献不能与自身合并。</translation>
        </message>
        <message>
            <source>merge the papers</source>
            <translation>合并这些文献</translation>
        </message>
        <message>
            <source>take the merge back</source>
            <translation>撤销合并</translation>
        </message>
        <message>
            <source>make this change</source>
            <translation>做出此更改</translation>
        </message>
        <message>
            <source>{label} files are written in UTF-8; ASCII only is for BibTeX and BibLaTeX.</source>
            <translation>{label} 文件以 UTF-8 写入；“仅 ASCII”只适用于 BibTeX 和 BibLaTeX。</translation>
        </message>
        <message>
            <source>{where} already exists; Papershelf would replace it with the papers it is kept in sync with. Choose another file, or ask for it to be replaced.</source>
            <translation>{where} 已存在；Papershelf 会用与其同步的文献替换它。请选择其他文件，或要求替换它。</translation>
        </message>
        <message>
            <source>add the papers to the list</source>
            <translation>将文献加入列表</translation>
        </message>
        <message>
            <source>take the papers out of the list</source>
            <translation>将文献移出列表</translation>
        </message>
        <message>
            <source>put the list in this order</source>
            <translation>按此顺序排列列表</translation>
        </message>
        <message>
            <source>There is no file at {source}.</source>
            <translation>{source} 处没有文件。</translation>
        </message>
        <message>
            <source>attachment</source>
            <translation>附件</translation>
        </message>
        <message>
            <source>The library file {path} is empty (0 bytes): it may have been cut short, by a full disk or a copy that did not finish, so Papershelf did not make a new library of it. The newest backup of it is {backup}; copy it over the empty file to go back to it. To start a new library there, delete the empty file first.</source>
            <translation>文献库文件 {path} 是空的（0 字节）：它可能因磁盘已满或复制未完成而被截断，因此 Papershelf 没有把它当作新文献库。它最新的备份是 {backup}；将备份复制到这个空文件上即可恢复。若要在此处新建文献库，请先删除这个空文件。</translation>
        </message>
        <message>
            <source>The library file {path} is empty (0 bytes): it may have been cut short, by a full disk or a copy that did not finish, so Papershelf did not make a new library of it. There is no backup of it in its backups folder. To start a new library there, delete the empty file first.</source>
            <translation>文献库文件 {path} 是空的（0 字节）：它可能因磁盘已满或复制未完成而被截断，因此 Papershelf 没有把它当作新文献库。其备份文件夹中没有它的备份。若要在此处新建文献库，请先删除这个空文件。</translation>
        </message>
        <message>
            <source>This library is on a database server, so it has no files folder of its own: choose a folder the whole group can reach (Settings, Files folder; or `papershelf files folder PATH`), then add the file again, or link it instead.</source>
            <translation>此文献库位于数据库服务器上，因此没有自己的文件夹：请选择一个整个小组都能访问的文件夹（“设置”中的“文件夹”；或 `papershelf files folder PATH`），然后重新添加文件，或改为链接它。</translation>
        </message>
        <message>
            <source>The files folder must be a full path, not “{path}”.</source>
            <translation>文件夹必须是完整路径，而不是“{path}”。</translation>
        </message>
        <message>
            <source>Papershelf could not copy {source} into {into}: {why}.</source>
            <translation>Papershelf 无法将 {source} 复制到 {into}：{why}。</translation>
        </message>
        <message>
            <source>The files folder {into} holds too many files named like {name}.</source>
            <translation>文件夹 {into} 中名称与 {name} 相似的文件太多。</translation>
        </message>
        <message>
            <source>{path} could not be deleted ({reason}).</source>
            <translation>无法删除 {path}（{reason}）。</translation>
        </message>
        <message>
            <source>There is no {what} with id {ident}.</source>
            <translation>没有 ID 为 {ident} 的{what}。</translation>
        </message>
        <message>
            <source>note</source>
            <translation>笔记</translation>
        </message>
        <message>
            <source>Characters {start} to {end} are not a span of this abstract, which is {length} characters long.</source>
            <translation>第 {start} 到第 {end} 个字符不是此摘要中的一段，摘要共 {length} 个字符。</translation>
        </message>
        <message>
            <source>annotation</source>
            <translation>批注</translation>
        </message>
        <message>
            <source>The {name} contains a NUL character, which cannot be stored.</source>
            <translation>{name} 中含有 NUL 字符，无法存储。</translation>
        </message>
        <message>
            <source>The year {year} is not a year; write it as, e.g., 2019.</source>
            <translation>年份 {year} 不是年份；请写成如 2019 的形式。</translation>
        </message>
        <message>
            <source>The month {month} is not a month number from 1 to 12.</source>
            <translation>月份 {month} 不是 1 到 12 之间的月份数字。</translation>
        </message>
        <message>
            <source>“{doi}” is not a DOI; a DOI looks like 10.1000/xyz123.</source>
            <translation>“{doi}”不是 DOI；DOI 形如 10.1000/xyz123。</translation>
        </message>
        <message>
            <source>“{status}” is not a reading status; use unread, reading or read.</source>
            <translation>“{status}”不是阅读状态；请使用 unread、reading 或 read。</translation>
        </message>
        <message>
            <source>The priority {priority} must be a whole number from 0 to 5.</source>
            <translation>优先级 {priority} 必须是 0 到 5 之间的整数。</translation>
        </message>
        <message>
            <source>“{name}” cannot be a field name: write it as one word, e.g. isbn.</source>
            <translation>“{name}”不能作为字段名：请写成一个词，如 isbn。</translation>
        </message>
        <message>
            <source>“{name}” is one of the paper's own fields; edit it in its own row.</source>
            <translation>“{name}”是文献本身的字段；请在它自己的那一行编辑。</translation>
        </message>
        <message>
            <source>The {name} must be text.</source>
            <translation>{name} 必须是文字。</translation>
        </message>
        <message>
            <source>The {name} must stay JSON as CSL-JSON wrote it, e.g. ["a", "b"].</source>
            <translation>{name} 必须保持 CSL-JSON 所写的 JSON 形式，如 ["a", "b"]。</translation>
        </message>
        <message>
            <source>These fields cannot be edited: {fields}.</source>
            <translation>以下字段不能编辑：{fields}。</translation>
        </message>
        <message>
            <source>Paper {paper_id} was changed by someone else since you opened it; reload it to see their changes, then make yours again.</source>
            <translation>文献 {paper_id} 在您打开后已被他人修改；请重新载入查看他们的更改，然后再做您的更改。</translation>
        </message>
        <message>
            <source>Papershelf could not move {source} into the files folder's trash ({reason}), so nothing was removed; the file is where it was.</source>
            <translation>Papershelf 无法将 {source} 移入文件夹的回收站（{reason}），因此没有删除任何内容；文件仍在原处。</translation>
        </message>
        <message>
            <source>Papershelf could not bring {name} back from the files folder's trash ({reason}), so nothing was changed; the copy is still at {parked}.</source>
            <translation>Papershelf 无法从文件夹的回收站中取回 {name}（{reason}），因此没有任何更改；副本仍在 {parked}。</translation>
        </message>
        <message>
            <source>The files folder {folder} holds too many files named like {name}.</source>
            <translation>文件夹 {folder} 中与 {name} 同名的文件过多。</translation>
        </message>
        <message>
            <source>Papershelf could not put {name} back ({reason}); it is at {now}.</source>
            <translation>Papershelf 无法将 {name} 放回原处（{reason}）；它现在位于 {now}。</translation>
        </message>
        <message>
            <source>{name} could not be read as a PDF ({error}).</source>
            <translation>{name} 无法作为 PDF 读取（{error}）。</translation>
        </message>
        <message>
            <source>{path} could not be read: {why}.</source>
            <translation>无法读取 {path}：{why}。</translation>
        </message>
        <message>
            <source>its contents are damaged, or it is not a PDF</source>
            <translation>文件内容已损坏，或并非 PDF 文件</translation>
        </message>
        <message>
            <source>it is protected by a password</source>
            <translation>文件有密码保护</translation>
        </message>
        <message>
            <source>it is encrypted in a way Papershelf cannot read</source>
            <translation>文件采用了 Papershelf 无法读取的加密方式</translation>
        </message>
        <message>
            <source>the file could not be opened</source>
            <translation>无法打开该文件</translation>
        </message>
        <message>
            <source>a page of it is missing or damaged</source>
            <translation>其中某一页缺失或已损坏</translation>
        </message>
        <message>
            <source>{name}: a page came out in an unexpected layout.</source>
            <translation>{name}：有一页的版式出乎意料。</translation>
        </message>
        <message>
            <source>list</source>
            <translation>列表</translation>
        </message>
        <message>
            <source>A {what} needs a name.</source>
            <translation>{what}需要一个名称。</translation>
        </message>
        <message>
            <source>A {what} name can be at most 200 characters long.</source>
            <translation>{what}名称最多 200 个字符。</translation>
        </message>
        <message>
            <source>There is no reading list called “{ref}”.</source>
            <translation>没有名为“{ref}”的阅读列表。</translation>
        </message>
        <message>
            <source>A reading list called “{name}” already exists.</source>
            <translation>名为“{name}”的阅读列表已存在。</translation>
        </message>
        <message>
            <source>reading list</source>
            <translation>阅读列表</translation>
        </message>
        <message>
            <source>Paper {paper_id} is not in “{name}”.</source>
            <translation>文献 {paper_id} 不在“{name}”中。</translation>
        </message>
        <message>
            <source>There is no reading list with id {list_id}.</source>
            <translation>没有 ID 为 {list_id} 的阅读列表。</translation>
        </message>
        <message>
            <source>There is no saved search with id {search_id}.</source>
            <translation>没有 ID 为 {search_id} 的已存搜索。</translation>
        </message>
        <message>
            <source>There is no saved search called “{name}”.</source>
            <translation>没有名为“{name}”的已存搜索。</translation>
        </message>
        <message>
            <source>A saved search called “{name}” already exists.</source>
            <translation>名为“{name}”的已存搜索已存在。</translation>
        </message>
        <message>
            <source>saved search</source>
            <translation>已存搜索</translation>
        </message>
        <message>
            <source>There is nothing to save: the search is empty.</source>
            <translation>没有可保存的内容：搜索为空。</translation>
        </message>
        <message>
            <source>The search is {length} characters long; only its first {most} were searched for.</source>
            <translation>搜索内容长 {length} 个字符；只搜索了前 {most} 个。</translation>
        </message>
        <message>
            <source>The search has {words} words; only the first {most} were searched for.</source>
            <translation>搜索内容有 {words} 个词；只搜索了前 {most} 个。</translation>
        </message>
        <message>
            <source>{first} {then}</source>
            <translation>{first}{then}</translation>
        </message>
        <message>
            <source>Papershelf backs up SQLite libraries only; back up a PostgreSQL library with pg_dump, which keeps it consistent while others use it.</source>
            <translation>Papershelf 只备份 SQLite 文献库；PostgreSQL 文献库请用 pg_dump 备份，它能在他人使用时保持数据一致。</translation>
        </message>
        <message>
            <source>A backup cannot overwrite the library it copies.</source>
            <translation>备份不能覆盖它所复制的文献库。</translation>
        </message>
        <message>
            <source>{target} already exists; choose another file name.</source>
            <translation>{target} 已存在；请选择其他文件名。</translation>
        </message>
        <message>
            <source>Papershelf could not {what}: others kept changing the same papers or lists at the same moment ({attempts} tries). Nothing was changed; try again.</source>
            <translation>Papershelf 无法{what}：他人同时在不断修改相同的文献或列表（已尝试 {attempts} 次）。没有做任何更改；请重试。</translation>
        </message>
        <message>
            <source>Papershelf could not write the backup {target}: {error}. Nothing was left under that name; an older backup there is as it was.</source>
            <translation>Papershelf 无法写入备份 {target}：{error}。没有以该名称留下任何文件；那里较早的备份保持不变。</translation>
        </message>
        <message>
            <source>The database migrations are missing from {folder}; reinstall Papershelf.</source>
            <translation>{folder} 中缺少数据库迁移文件；请重新安装 Papershelf。</translation>
        </message>
        <message>
            <source>The database holds tables of another program.</source>
            <translation>数据库中有其他程序的表。</translation>
        </message>
        <message>
            <source>The disk is full ({room} left on the disk holding {where}): Papershelf needs more room to save this change. Nothing was changed; free some space and try again.</source>
            <translation>磁盘已满（{where} 所在磁盘剩余 {room}）：Papershelf 需要更多空间来保存此更改。没有做任何更改；请释放一些空间后重试。</translation>
        </message>
        <message>
            <source>The disk is full: Papershelf needs more room to save this change. Nothing was changed; free some space and try again.</source>
            <translation>磁盘已满：Papershelf 需要更多空间来保存此更改。没有做任何更改；请释放一些空间后重试。</translation>
        </message>
        <message>
            <source>The library at {where} cannot be written: the file (or its folder) is read-only for you. Nothing was changed; make it writable, or open a copy of it.</source>
            <translation>无法写入位于 {where} 的文献库：该文件（或其文件夹）对您是只读的。没有做任何更改；请将其设为可写，或打开它的副本。</translation>
        </message>
        <message>
            <source>The library file {where} is damaged, so Papershelf cannot read all of it. Run “papershelf db check” to see what is wrong, and keep a copy of the file (“papershelf db backup” copies it as it is) before trying to mend it. The newest backup is {backup}: it holds the library as it was when it was made.</source>
            <translation>文献库文件 {where} 已损坏，Papershelf 无法完整读取。请运行“papershelf db check”查看问题所在，并在尝试修复前保留一份文件副本（“papershelf db backup”会按原样复制它）。最新的备份是 {backup}：其中是备份时的文献库。</translation>
        </message>
        <message>
            <source>The library file {where} is damaged, so Papershelf cannot read all of it. Run “papershelf db check” to see what is wrong, and keep a copy of the file (“papershelf db backup” copies it as it is) before trying to mend it.</source>
            <translation>文献库文件 {where} 已损坏，Papershelf 无法完整读取。请运行“papershelf db check”查看问题所在，并在尝试修复前保留一份文件副本（“papershelf db backup”会按原样复制它）。</translation>
        </message>
        <message>
            <source>Papershelf could not {doing}: the disk is full.</source>
            <translation>Papershelf 无法{doing}：磁盘已满。</translation>
        </message>
        <message>
            <source>Papershelf could not {doing}: you do not have permission.</source>
            <translation>Papershelf 无法{doing}：您没有权限。</translation>
        </message>
        <message>
            <source>Papershelf could not {doing}: the disk is read-only.</source>
            <translation>Papershelf 无法{doing}：磁盘是只读的。</translation>
        </message>
        <message>
            <source>Papershelf could not {doing}: {reason}.</source>
            <translation>Papershelf 无法{doing}：{reason}。</translation>
        </message>
        <message>
            <source>“{format}” is not an export format; choose one of {formats}.</source>
            <translation>“{format}”不是导出格式；请从以下格式中选择：{formats}。</translation>
        </message>
        <message>
            <source>{where} is already kept in sync with a saved search.</source>
            <translation>{where} 已与一个已存搜索保持同步。</translation>
        </message>
        <message>
            <source>{where} is already kept in sync with a reading list.</source>
            <translation>{where} 已与一个阅读列表保持同步。</translation>
        </message>
        <message>
            <source>{where} is not kept in sync with any reading list.</source>
            <translation>{where} 没有与任何阅读列表保持同步。</translation>
        </message>
        <message>
            <source>{error} It is tried again at the next change.</source>
            <translation>{error}下次更改时会再试。</translation>
        </message>
        <message>
            <source>{path} was changed outside Papershelf since Papershelf last wrote it. Your version is kept and the file is no longer kept in sync: resume syncing to write the list over it (your version is saved beside it), or stop syncing it.</source>
            <translation>{path} 在 Papershelf 上次写入后被 Papershelf 之外的程序修改。您的版本已保留，该文件不再保持同步：恢复同步会用列表覆盖它（您的版本会另存在旁边），您也可以停止同步它。</translation>
        </message>
        <message>
            <source>Papershelf could not keep a copy of your version of {path} ({why}); the file was left as it is and is still not kept in sync.</source>
            <translation>Papershelf 无法保留您的 {path} 版本的副本（{why}）；该文件保持原样，仍未保持同步。</translation>
        </message>
        <message>
            <source>“{colour}” is not a colour; write it like #3a7bd5.</source>
            <translation>“{colour}”不是颜色；请写成如 #3a7bd5 的形式。</translation>
        </message>
        <message>
            <source>There is no tag called “{name}”.</source>
            <translation>没有名为“{name}”的标签。</translation>
        </message>
        <message>
            <source>tag</source>
            <translation>标签</translation>
        </message>
        <message>
            <source>A tag called “{name}” already exists.</source>
            <translation>名为“{name}”的标签已存在。</translation>
        </message>
        <message>
            <source>That reading list no longer exists.</source>
            <translation>该阅读列表已不存在。</translation>
        </message>
        <message>
            <source>That annotation no longer exists.</source>
            <translation>该批注已不存在。</translation>
        </message>
        <message>
            <source>This paper was changed by someone else since your edit, so Papershelf cannot undo it without losing their change.</source>
            <translation>此文献在您编辑之后已被他人修改，Papershelf 撤销您的编辑就会丢失他们的更改，因此无法撤销。</translation>
        </message>
        <message>
            <source>{paper} was changed since it was looked up, so Papershelf filled in none of the papers; look them up again.</source>
            <translation>{paper}在查询之后已被修改，因此 Papershelf 没有为任何文献补全信息；请重新查询。</translation>
        </message>
        <message>
            <source>The paper “{title}”</source>
            <translation>文献“{title}”</translation>
        </message>
        <message>
            <source>The paper {citekey}</source>
            <translation>文献 {citekey}</translation>
        </message>
        <message>
            <source>That attachment no longer exists.</source>
            <translation>该附件已不存在。</translation>
        </message>
        <message>
            <source>This attachment was pointed at another file by someone else since, so Papershelf left it as it is.</source>
            <translation>此附件已被他人指向另一个文件，因此 Papershelf 保持原样未作更改。</translation>
        </message>
        <message>
            <source>This {what} was deleted elsewhere in the meantime.</source>
            <translation>此{what}已在此期间于别处被删除。</translation>
        </message>
        <message>
            <source>This {what} was changed elsewhere (by someone else, or in another window) since you opened it, so saving would overwrite that change.</source>
            <translation>此{what}在您打开后已在别处（被他人或在另一个窗口中）修改，保存会覆盖那次更改。</translation>
        </message>
        <message>
            <source>There are no PDFs in {folder} or its subfolders.</source>
            <translation>{folder} 及其子文件夹中没有 PDF。</translation>
        </message>
    </context>
</TS>
