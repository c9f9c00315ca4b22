# Checks of rendered figures, shared by the plot end-to-end scripts (source after lib.sh).

# svg_count FILE XPATH: an XPath count() over the SVG, namespace-free (gnuplot declares the SVG
# namespace; local-name() sidesteps it).
svg_count() {
  xmllint --xpath "count($2)" "$1"
}
# svg_plots FILE: the plot elements gnuplot drew (one <g id="gnuplot_plot_N"> per curve and panel).
svg_plots() {
  svg_count "$1" "//*[local-name()='g'][starts-with(@id,'gnuplot_plot_')]"
}
# expect_svg FILE LABEL...: well-formed XML holding each text (axis labels, titles).
expect_svg() {
  local f=$1; shift
  xmllint --noout "$f" || fail "$f is not well-formed XML"
  for text in "$@"; do
    [[ $(svg_count "$f" "//*[local-name()='text'][contains(.,'$text')]") -ge 1 ]] ||
      fail "$f has no text '$text'"
  done
}
# expect_curve FILE TITLE N: N plot elements whose legend says TITLE, each drawn in colour: a
# path (lines, bars) or markers (points) (one curve per panel).
expect_curve() {
  local g="//*[local-name()='g'][starts-with(@id,'gnuplot_plot_')][.//*[local-name()='text']='$2']"
  local n
  n=$(svg_count "$1" "$g")
  [[ $n == "$3" ]] || fail "$1: $n curves titled '$2', expected $3"
  local ink="[local-name()='path' and starts-with(@stroke,'rgb')]"
  ink+=" | .//*[local-name()='use' and starts-with(@color,'rgb')]"
  ink+=" | .//*[local-name()='polygon' and starts-with(@fill,'rgb')]"
  n=$(svg_count "$1" "$g[.//*$ink]")
  [[ $n == "$3" ]] || fail "$1: $n curves titled '$2' are drawn in colour, expected $3"
}
# expect_png_drawn FILE: a PNG whose pixels are not all the background colour; gnuplot decodes
# it (its table of an rgbimage: x y red green blue alpha), awk counts the non-white pixels.
expect_png_drawn() {
  [[ $(head -c 8 "$1" | od -An -c | tr -d ' ') == '211PNG\r\n032\n' ]] || fail "$1 is not a PNG"
  gnuplot -e "set table '$1.txt'; plot '$1' binary filetype=png with rgbimage" ||
    fail "gnuplot cannot read $1"
  local share
  share=$(awk '$NF == "i" { n++; if ($3 + $4 + $5 < 750) ink++ }
               END { printf "%d", n ? 1000 * ink / n : 0 }' "$1.txt")
  # Axes, labels and curves cover well over 1% of a figure; a blank one has no ink at all.
  ((share >= 10)) || fail "$1: only $share per mille of the pixels are drawn"
}
