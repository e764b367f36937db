print("lumen")
